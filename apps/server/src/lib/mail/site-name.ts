import type { Locale } from '@chat/shared';

/**
 * The site's name as mails say it, in each language: the web app's `appName`
 * (apps/web/src/i18n/{ru,en}/common.json; site-name.test.ts keeps the two the same).
 */
export const SITE_NAME: Record<Locale, string> = { ru: 'Чатик', en: 'Chatik' };

/** `MAIL_FROM` when unset: the site's name at `no-reply@` the host of `PUBLIC_URL`. */
export function defaultSender(publicUrl: string): string {
  return `"${SITE_NAME.en}" <no-reply@${new URL(publicUrl).hostname}>`;
}

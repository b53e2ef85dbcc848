import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ROUTES, NOT_FOUND_TITLE, type AppAddress, type Locale } from '@chat/shared';
import { z } from 'zod';

/** Written by the web build beside index.html (apps/web/head-texts.ts). */
export const HEAD_TEXTS_FILE = 'head.json';

const localeTexts = z.object({
  appName: z.string(),
  description: z.string(),
  titles: z.record(z.string(), z.string()),
});
const headTextsSchema = z.object({ ru: localeTexts, en: localeTexts });

/** The web app's own texts for the head of a page: the product name, description and titles. */
export type HeadTexts = z.infer<typeof headTextsSchema>;

/** The build's head texts; null for a build without them (the HTML then keeps its own title). */
export function loadHeadTexts(webDist: string): HeadTexts | null {
  const file = join(webDist, HEAD_TEXTS_FILE);
  if (!existsSync(file)) return null;
  return headTextsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

const OG_LOCALES: Record<Locale, string> = { ru: 'ru_RU', en: 'en_US' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page's title as the web's RouteTitle writes it: "Chat — Chatik", home's alone. */
function titleOf(texts: HeadTexts[Locale], address: Exclude<AppAddress, { kind: 'redirect' }>) {
  const route = address.kind === 'page' ? APP_ROUTES[address.route] : null;
  const key = route ? ('title' in route ? route.title : undefined) : NOT_FOUND_TITLE;
  const own = key === undefined ? undefined : texts.titles[key];
  if (own === undefined) return texts.appName;
  return route && 'titleOnly' in route && route.titleOnly ? own : `${own} — ${texts.appName}`;
}

/**
 * index.html for one address, as browsers, link previews, search engines and screen readers
 * should read it before any script runs: the page's language, its title and description in
 * that language, and the Open Graph tags of a link preview. The app takes over from there.
 */
export function pageHtml(
  template: string,
  texts: HeadTexts | null,
  address: Exclude<AppAddress, { kind: 'redirect' }>,
): string {
  const { locale } = address;
  const html = template.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
  if (!texts) return html;
  const own = texts[locale];
  const title = escapeHtml(titleOf(own, address));
  const description = escapeHtml(own.description);
  const other = locale === 'ru' ? 'en' : 'ru';
  const head = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(own.appName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[locale]}" />`,
    `<meta property="og:locale:alternate" content="${OG_LOCALES[other]}" />`,
  ].join('\n    ');
  // A function, so no `$` in a text is read as a replacement pattern.
  return html.replace(/<title>[^<]*<\/title>/, () => head);
}

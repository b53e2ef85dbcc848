import type { Locale } from '@chat/shared';
import type { Mail } from '../../lib/mail/mailer';
import { renderMail } from '../../lib/mail/mail-layout';
import { SITE_NAME } from '../../lib/mail/site-name';

/**
 * The mails of features/auth, in the person's language: the e-mail confirmation (a code and a
 * link) and the forgotten password's link. Nicks and addresses are what people typed: the
 * layout escapes them in the HTML. No code goes in a subject: subjects show on locked screens.
 */

export interface ConfirmMailFacts {
  to: string;
  nick: string;
  code: string;
  link: string;
  minutes: number;
}

export interface ResetMailFacts {
  to: string;
  nick: string;
  link: string;
  minutes: number;
}

export function confirmEmailMail(locale: Locale, f: ConfirmMailFacts): Mail {
  const site = SITE_NAME[locale];
  const words =
    locale === 'ru'
      ? {
          subject: `Подтверждение почты — ${site}`,
          lead: [
            `Здравствуйте, ${f.nick}!`,
            `Чтобы подтвердить адрес ${f.to} для вашего аккаунта на сайте «${site}», введите этот код:`,
          ],
          label: 'Или подтвердите по ссылке',
          after: [
            `Код и ссылка действуют ${f.minutes} минут и срабатывают один раз.`,
            'Если вы не просили подтвердить адрес, просто не обращайте внимания на это письмо.',
          ],
        }
      : {
          subject: `Confirm your e-mail — ${site}`,
          lead: [
            `Hello, ${f.nick}!`,
            `To confirm ${f.to} as the address of your account at ${site}, enter this code:`,
          ],
          label: 'Or confirm by the link',
          after: [
            `The code and the link work for ${f.minutes} minutes, and once.`,
            'If you did not ask to confirm this address, simply ignore this mail.',
          ],
        };
  return {
    to: f.to,
    ...renderMail({
      locale,
      siteName: site,
      subject: words.subject,
      lead: words.lead,
      code: f.code,
      action: { label: words.label, url: f.link },
      after: words.after,
    }),
  };
}

export function passwordResetMail(locale: Locale, f: ResetMailFacts): Mail {
  const site = SITE_NAME[locale];
  const words =
    locale === 'ru'
      ? {
          subject: `Восстановление пароля — ${site}`,
          lead: [
            `Здравствуйте, ${f.nick}!`,
            `Кто-то, надеемся, что вы, попросил задать новый пароль для аккаунта «${f.nick}» на сайте «${site}».`,
          ],
          label: 'Задать новый пароль',
          after: [
            `Ссылка действует ${f.minutes} минут и срабатывает один раз. С новым паролем все входы в аккаунт на других устройствах завершатся.`,
            'Если вы не просили сменить пароль, ничего не делайте: он останется прежним.',
          ],
        }
      : {
          subject: `Resetting your password — ${site}`,
          lead: [
            `Hello, ${f.nick}!`,
            `Someone, we hope you, asked to set a new password for the account “${f.nick}” at ${site}.`,
          ],
          label: 'Set a new password',
          after: [
            `The link works for ${f.minutes} minutes, and once. A new password signs the account out on every device.`,
            'If you did not ask for this, do nothing: your password stays as it is.',
          ],
        };
  return {
    to: f.to,
    ...renderMail({
      locale,
      siteName: site,
      subject: words.subject,
      lead: words.lead,
      action: { label: words.label, url: f.link },
      after: words.after,
    }),
  };
}

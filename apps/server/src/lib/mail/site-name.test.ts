import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultSender, SITE_NAME } from './site-name';

const webText = (locale: string) =>
  (
    JSON.parse(
      readFileSync(
        new URL(`../../../../web/src/i18n/${locale}/common.json`, import.meta.url),
        'utf8',
      ),
    ) as { appName: string }
  ).appName;

describe('the site name in mails', () => {
  it("is the web app's name in each language", () => {
    expect(SITE_NAME).toEqual({ ru: webText('ru'), en: webText('en') });
  });

  it('signs the default sender at the public host', () => {
    expect(defaultSender('https://chat.example:8443/base')).toBe(
      '"Chatik" <no-reply@chat.example>',
    );
  });
});

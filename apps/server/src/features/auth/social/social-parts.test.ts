import { describe, expect, it } from 'vitest';
import { readSocialConfig } from '../../../config-social';
import { fetchPublicPicture } from '../../../lib/fetch-public-picture';
import { suggestNick } from './nick-suggestion';
import { safeReturnTo } from './return-to';

describe('return paths', () => {
  it.each([
    ['/en/chat', '/en/chat'],
    ['/ru/forum/thread/x?page=2#p5', '/ru/forum/thread/x?page=2#p5'],
    ['//evil.example', '/en/'],
    ['/\\evil.example', '/en/'],
    ['/\t/evil.example', '/en/'],
    ['https://evil.example/en/chat', '/en/'],
    ['javascript:alert(1)', '/en/'],
    ['/api/auth/logout', '/en/'],
    ['/de/chat', '/en/'],
    ['', '/en/'],
  ])('%s → %s', (value, expected) => expect(safeReturnTo(value, 'en')).toBe(expected));

  it('takes only strings', () =>
    expect(safeReturnTo({ toString: () => '/en/x' }, 'ru')).toBe('/ru/'));
});

describe('nick suggestions', () => {
  const free = async () => true;
  it('keeps a valid name, else makes one of its letters', async () => {
    expect(await suggestNick(['Анна'], free, 'user1')).toBe('Анна');
    expect(await suggestNick(['José Ñandú!!'], free, 'user1')).toBe('Jose_Nandu');
    expect(await suggestNick(['<script>'], free, 'user1')).toBe('script');
  });
  it('numbers a taken nick, skips empty names, falls back', async () => {
    const taken = new Set(['anna', 'anna2']);
    const isFree = async (nick: string) => !taken.has(nick.toLowerCase());
    expect(await suggestNick([null, '', 'anna'], isFree, 'user1')).toBe('anna3');
    expect(await suggestNick(['!!!'], isFree, 'user77')).toBe('user77');
  });
});

describe('provider configuration', () => {
  it('turns on the providers whose keys are set', () => {
    const config = readSocialConfig({
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 's',
      OIDC_CORP_ISSUER: 'https://id.corp.example',
      OIDC_CORP_CLIENT_ID: 'c',
      OIDC_CORP_CLIENT_SECRET: 's',
      OIDC_CORP_LABEL: 'Corp SSO',
      TELEGRAM_BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      TELEGRAM_BOT_NAME: 'my_bot',
    });
    expect(config.providers.map((p) => [p.id, p.label, p.issuer])).toEqual([
      ['google', 'Google', 'https://accounts.google.com'],
      ['corp', 'Corp SSO', 'https://id.corp.example'],
    ]);
    expect(config.telegram).toMatchObject({ botId: '123456', botName: 'my_bot' });
  });
  it.each([
    [{ VK_CLIENT_ID: 'x' }, 'VK_CLIENT_ID'],
    [
      { OIDC_X_ISSUER: 'not a url', OIDC_X_CLIENT_ID: 'a', OIDC_X_CLIENT_SECRET: 'b' },
      'OIDC_X_ISSUER',
    ],
    [
      {
        OIDC_GOOGLE_ISSUER: 'https://a.example',
        OIDC_GOOGLE_CLIENT_ID: 'a',
        OIDC_GOOGLE_CLIENT_SECRET: 'b',
      },
      'built-in',
    ],
    [{ TELEGRAM_BOT_TOKEN: 'nope', TELEGRAM_BOT_NAME: 'b' }, 'TELEGRAM_BOT_TOKEN'],
  ])('refuses a half or wrong configuration (%o)', (env, named) =>
    expect(() => readSocialConfig(env)).toThrow(named),
  );
});

describe('fetching a provider’s picture', () => {
  it.each([
    'http://example.com/a.png',
    'https://127.0.0.1/a.png',
    'https://[::1]/a.png',
    'https://10.0.0.5/a.png',
    'https://169.254.169.254/latest/meta-data',
    'https://user:pass@example.com/a.png',
    'file:///etc/passwd',
    'not a url',
  ])('never reaches %s', async (url) => expect(await fetchPublicPicture(url)).toBeNull());
});

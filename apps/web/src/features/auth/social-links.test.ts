import { describe, expect, it } from 'vitest';
import { TELEGRAM, VK, telegramHash } from '../../test/sign-in-kit';
import { providerHref, readTelegramResult, telegramReturnPath } from './social-links';

const ORIGIN = 'https://chat.example';

describe('providerHref', () => {
  it('sends an OAuth provider to our own redirect with where to come back', () => {
    expect(
      providerHref(VK, { returnTo: '/en/chat/3', intent: 'signin', locale: 'en', origin: ORIGIN }),
    ).toBe('/api/auth/social/vk/redirect?return_to=%2Fen%2Fchat%2F3');
    expect(
      providerHref(VK, {
        returnTo: '/ru/my/security',
        intent: 'link',
        locale: 'ru',
        origin: ORIGIN,
      }),
    ).toBe('/api/auth/social/vk/redirect?intent=link&return_to=%2Fru%2Fmy%2Fsecurity');
  });

  it("sends Telegram to Telegram's page, which comes back to our page with the return path", () => {
    const href = providerHref(TELEGRAM, {
      returnTo: '/en/chat?room=3&x=1',
      intent: 'signin',
      locale: 'en',
      origin: ORIGIN,
    });
    const url = new URL(href ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://oauth.telegram.org/auth');
    expect(url.searchParams.get('bot_id')).toBe('123456');
    expect(url.searchParams.get('origin')).toBe(ORIGIN);
    expect(url.searchParams.get('request_access')).toBe('write');
    const back = new URL(url.searchParams.get('return_to') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/en/auth/telegram`);
    // The return path survives both levels of encoding, its own query included.
    expect(back.searchParams.get('return_to')).toBe('/en/chat?room=3&x=1');
    expect(back.searchParams.get('intent')).toBeNull();
  });

  it('asks Telegram to come back to the linking page from the security page', () => {
    expect(telegramReturnPath('ru', '/ru/my/security', 'link')).toBe(
      '/ru/auth/telegram?intent=link&return_to=%2Fru%2Fmy%2Fsecurity',
    );
    const href = providerHref(TELEGRAM, {
      returnTo: '/ru/my/security',
      intent: 'link',
      locale: 'ru',
      origin: ORIGIN,
    });
    const back = new URL(new URL(href ?? '').searchParams.get('return_to') ?? '');
    expect(back.searchParams.get('intent')).toBe('link');
    expect(back.searchParams.get('return_to')).toBe('/ru/my/security');
  });

  it('has no button for a Telegram provider without its bot', () => {
    const broken = { ...TELEGRAM, telegram: undefined };
    expect(
      providerHref(broken, { returnTo: '/', intent: 'signin', locale: 'ru', origin: ORIGIN }),
    ).toBeNull();
  });
});

describe('readTelegramResult', () => {
  const fields = {
    id: 42,
    first_name: 'Вася',
    last_name: 'Пупкин 🙂',
    username: 'vasya',
    photo_url: 'https://t.me/i/userpic/320/vasya.jpg',
    auth_date: 1767225600,
    hash: 'a'.repeat(64),
  };

  it('decodes base64url JSON, UTF-8 names included', () => {
    expect(readTelegramResult(telegramHash(fields))).toEqual(fields);
  });

  it('reads padded standard base64 too, and keeps only the known fields', () => {
    const json = JSON.stringify({ id: '7', auth_date: '1', hash: 'b'.repeat(64), extra: 'x' });
    const standard = btoa(json);
    expect(readTelegramResult(`#tgAuthResult=${standard}`)).toEqual({
      id: '7',
      auth_date: '1',
      hash: 'b'.repeat(64),
    });
  });

  it.each([
    ['', 'no hash'],
    ['#other=1', 'no result'],
    ['#tgAuthResult=%%%', 'not base64'],
    [`#tgAuthResult=${btoa('not json')}`, 'not JSON'],
    [`#tgAuthResult=${btoa(JSON.stringify({ id: 1, auth_date: 2 }))}`, 'no hash field'],
    [`#tgAuthResult=${btoa('[1,2]')}`, 'not an object'],
  ])('refuses %s (%s)', (hash) => {
    expect(readTelegramResult(hash)).toBeNull();
  });
});

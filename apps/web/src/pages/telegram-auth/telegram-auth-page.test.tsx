import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../features/session/store';
import { i18n } from '../../i18n/i18n';
import { fakeApi } from '../../test/api-kit';
import { makeUserData, signInAs } from '../../test/chat-kit';
import { apiFailure, fakeServer, renderSignInPage, telegramHash } from '../../test/sign-in-kit';
import { TelegramAuthPage } from './telegram-auth-page';

const server = fakeServer();
fakeApi(server.api);

const FIELDS = {
  id: 42,
  first_name: 'Вася <b>',
  last_name: 'Пупкин',
  username: 'vasya',
  photo_url: 'https://t.me/i/userpic/320/vasya.jpg',
  auth_date: 1767225600,
  hash: 'c'.repeat(64),
};

const open = (path: string) =>
  renderSignInPage(path, [{ path: '/:locale/auth/telegram', element: <TelegramAuthPage /> }]);
const where = () => screen.getByTestId('where').textContent;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.reset();
});

describe('/auth/telegram', () => {
  it('posts the decoded fields with the return path, takes them out of the address, and signs the app in', async () => {
    server.on('POST /api/auth/telegram', { outcome: 'signed_in', next: '/en/chat/3' });
    server.on('GET /api/init', { user: makeUserData({ id: 7, nick: 'Вася' }) });
    useSessionStore.getState().setApiToken('an-old-token');
    open(`/en/auth/telegram?return_to=%2Fen%2Fchat%2F3${telegramHash(FIELDS)}`);
    expect(screen.getByTestId('telegram-working').textContent).toContain(
      'Signing in with Telegram',
    );
    await waitFor(() => expect(where()).toBe('/en/chat/3'));
    expect(server.sent('POST /api/auth/telegram')).toEqual([
      { ...FIELDS, intent: 'signin', return_to: '/en/chat/3' },
    ]);
    // The session came as a cookie: the app asked who it is, as after a page load.
    expect(useSessionStore.getState().userData?.user.id).toBe(7);
    expect(useSessionStore.getState().apiToken).toBeNull();
  });

  it('removes the signed fields from the address before anything else', async () => {
    server.on('POST /api/auth/telegram', () => new Promise(() => {}));
    open(`/en/auth/telegram?return_to=%2Fen%2Fforum${telegramHash(FIELDS)}`);
    await waitFor(() => expect(where()).toBe('/en/auth/telegram?return_to=%2Fen%2Fforum'));
    expect(server.api.post).toHaveBeenCalledTimes(1);
  });

  it('goes to the nick page of a first sign-up', async () => {
    server.on('POST /api/auth/telegram', { outcome: 'signup', next: '/en/signup/social' });
    open(`/en/auth/telegram?return_to=%2Fen%2Fchat${telegramHash(FIELDS)}`);
    await waitFor(() => expect(where()).toBe('/en/signup/social'));
    expect(server.api.get).not.toHaveBeenCalled();
    expect(useSessionStore.getState().userData).toBeNull();
  });

  it('links from the security page and goes back there', async () => {
    signInAs({ id: 5 });
    server.on('POST /api/auth/telegram', {
      outcome: 'linked',
      next: '/en/my/security?linked=telegram',
    });
    open(`/en/auth/telegram?intent=link&return_to=%2Fen%2Fmy%2Fsecurity${telegramHash(FIELDS)}`);
    await waitFor(() => expect(where()).toBe('/en/my/security?linked=telegram'));
    expect(server.sent('POST /api/auth/telegram')).toEqual([
      { ...FIELDS, intent: 'link', return_to: '/en/my/security' },
    ]);
    expect(useSessionStore.getState().userData?.user.id).toBe(5);
  });

  it('never follows an answer that leads to another site', async () => {
    server.on('POST /api/auth/telegram', { outcome: 'signup', next: '//evil.example/x' });
    open(`/en/auth/telegram${telegramHash(FIELDS)}`);
    await waitFor(() => expect(where()).toBe('/en/chat'));
    expect(server.sent('POST /api/auth/telegram')).toEqual([{ ...FIELDS, intent: 'signin' }]);
  });

  it("shows the server's words when Telegram's answer is refused, with a way back to sign in", async () => {
    server.on('POST /api/auth/telegram', () => {
      throw apiFailure(422, 'The given data was invalid.', {
        hash: ['Telegram’s sign-in could not be verified or is too old. Please try again.'],
      });
    });
    open(`/en/auth/telegram${telegramHash(FIELDS)}`);
    const error = await screen.findByTestId('telegram-error');
    expect(error.textContent).toContain('Signing in with Telegram did not work.');
    expect(error.textContent).toContain('could not be verified or is too old');
    expect(screen.getByTestId('telegram-back').getAttribute('href')).toBe('/en/login');
  });

  it('says so when there is no answer to read, and posts nothing', async () => {
    open('/en/auth/telegram?return_to=%2Fen%2Fchat');
    expect((await screen.findByTestId('telegram-error')).textContent).toContain(
      'Telegram’s answer is missing or could not be read.',
    );
    expect(server.api.post).not.toHaveBeenCalled();
    open('/en/auth/telegram#tgAuthResult=bm90IGpzb24');
    expect(server.api.post).not.toHaveBeenCalled();
  });

  it('leads back to the security page when linking failed', async () => {
    server.on('POST /api/auth/telegram', () => {
      throw apiFailure(401, 'Unauthorized. Please sign in and try again.');
    });
    await i18n.changeLanguage('ru');
    open(`/ru/auth/telegram?intent=link&return_to=%2Fru%2Fmy%2Fsecurity${telegramHash(FIELDS)}`);
    const back = await screen.findByTestId('telegram-back');
    expect(back.getAttribute('href')).toBe('/ru/my/security');
    expect(back.textContent).toBe('Вернуться к настройкам безопасности');
  });
});

import type { SocialSignup } from '@chat/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../features/session/store';
import { i18n } from '../../i18n/i18n';
import { fakeApi } from '../../test/api-kit';
import { makeUserData } from '../../test/chat-kit';
import { apiFailure, fakeServer, renderSignInPage } from '../../test/sign-in-kit';
import { SocialSignupPage } from './social-signup-page';

const server = fakeServer();
fakeApi(server.api);

const SIGNUP: SocialSignup = {
  provider: 'vk',
  provider_name: 'VK ID',
  display_name: '<img src=x onerror=alert(1)> Вася & <b>Co</b>',
  suggested_nick: 'Вася',
  has_avatar: true,
  return_to: '/en/chat/3',
};

const open = () =>
  renderSignInPage('/en/signup/social', [
    { path: '/:locale/signup/social', element: <SocialSignupPage /> },
  ]);
const where = () => screen.getByTestId('where').textContent;
const status = () => screen.getByTestId('nick-status');
const nickField = () => screen.getByTestId<HTMLInputElement>('signup-nick');
/** The nicks asked about, in order. */
const checked = () =>
  server.api.get.mock.calls
    .filter(([path]) => path === '/api/auth/nick-free')
    .map(([, options]) => (options as { query: { nick: string } }).query.nick);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.reset();
  server.on('GET /api/auth/social/signup', SIGNUP);
  server.on('GET /api/auth/nick-free', (_body: unknown, options: { query: { nick: string } }) =>
    options.query.nick.toLowerCase() === 'taken'
      ? { free: false, reason: 'nick.taken' }
      : options.query.nick === 'Админ'
        ? { free: false, reason: 'nick.reserved' }
        : { free: true, reason: null },
  );
});

describe('/signup/social', () => {
  it("shows the provider, the person's name there as text, and that the avatar comes from it", async () => {
    const { container } = open();
    expect((await screen.findByTestId('signup-provider')).textContent).toBe(
      'Signing up with VK ID',
    );
    expect(screen.getByTestId('signup-display-name').textContent).toBe(SIGNUP.display_name);
    expect(container.querySelector('img, b')).toBeNull();
    expect(screen.getByTestId('signup-avatar').textContent).toContain(
      'Your picture from VK ID will become your avatar',
    );
  });

  it('says nothing of a name or an avatar the provider did not give', async () => {
    server.on('GET /api/auth/social/signup', {
      ...SIGNUP,
      display_name: null,
      has_avatar: false,
    });
    open();
    await screen.findByTestId('signup-provider');
    expect(screen.queryByTestId('signup-display-name')).toBeNull();
    expect(screen.queryByTestId('signup-avatar')).toBeNull();
  });

  it('starts with the suggested nick, checked at once', async () => {
    open();
    expect((await screen.findByTestId<HTMLInputElement>('signup-nick')).value).toBe('Вася');
    await waitFor(() => expect(status().textContent).toBe('This nick is free.'));
    expect(checked()).toEqual(['Вася']);
  });

  it('checks the nick live once typing pauses, with the reason in words', async () => {
    open();
    await waitFor(() => expect(status().dataset.state).toBe('free'));
    fireEvent.change(nickField(), { target: { value: 'Tak' } });
    fireEvent.change(nickField(), { target: { value: 'Take' } });
    fireEvent.change(nickField(), { target: { value: 'Taken' } });
    expect(status().textContent).toBe('Checking the nick…');
    await waitFor(() => expect(status().textContent).toBe('This nick is already taken.'));
    expect(nickField().getAttribute('aria-invalid')).toBe('true');
    // Only the nick typing paused on was sent.
    expect(checked()).toEqual(['Вася', 'Taken']);
    fireEvent.change(nickField(), { target: { value: 'Админ' } });
    await waitFor(() =>
      expect(status().textContent).toBe('This nick is kept for the site itself.'),
    );
  });

  it('checks the nick rules here, as the register form does, without asking the server', async () => {
    open();
    await waitFor(() => expect(status().dataset.state).toBe('free'));
    fireEvent.change(nickField(), { target: { value: 'x' } });
    expect(status().textContent).toBe('The nick must be at least 2 characters.');
    fireEvent.change(nickField(), { target: { value: 'Vasя' } });
    expect(status().textContent).toContain('Write each word of the nick in one alphabet');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(checked()).toEqual(['Вася']);
  });

  it('signs the app in as registration does and goes where the person was going', async () => {
    // Registration's answer: the user data, and the token in `meta`.
    server.api.post.mockImplementationOnce(async () => ({
      data: makeUserData({ id: 9, nick: 'Вася' }),
      meta: { token: 'new-token', return_to: '/en/chat/3' },
      status: 201,
      headers: new Headers(),
    }));
    open();
    fireEvent.click(await screen.findByTestId('signup-submit'));
    await waitFor(() => expect(where()).toBe('/en/chat/3'));
    expect(server.api.post).toHaveBeenCalledWith(
      '/api/auth/social/signup',
      { nick: 'Вася' },
      expect.anything(),
    );
    expect(useSessionStore.getState().userData?.user.id).toBe(9);
    expect(useSessionStore.getState().apiToken).toBe('new-token');
  });

  it("puts the server's 422 under the nick field and focuses it", async () => {
    server.on('POST /api/auth/social/signup', () => {
      throw apiFailure(422, 'The given data was invalid.', {
        nick: ['This nick looks too much like the nick of another account.'],
      });
    });
    open();
    fireEvent.click(await screen.findByTestId('signup-submit'));
    await waitFor(() =>
      expect(status().textContent).toBe(
        'This nick looks too much like the nick of another account.',
      ),
    );
    expect(document.activeElement).toBe(nickField());
    expect(useSessionStore.getState().userData).toBeNull();
  });

  it('cancels: forgets the step on the server and goes home', async () => {
    server.on('DELETE /api/auth/social/signup', null);
    open();
    fireEvent.click(await screen.findByTestId('signup-cancel'));
    await waitFor(() => expect(where()).toBe('/en'));
    expect(server.api.request).toHaveBeenCalledWith(
      '/api/auth/social/signup',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('says nothing waits when the server has no sign-up, with a way to sign in', async () => {
    server.on('GET /api/auth/social/signup', () => {
      throw apiFailure(404, 'Not found.');
    });
    open();
    expect((await screen.findByTestId('signup-missing')).textContent).toContain(
      'Nothing is waiting here',
    );
    expect(screen.getByTestId('signup-to-sign-in').getAttribute('href')).toBe('/en/login');
    expect(screen.queryByTestId('social-signup-form')).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { LoginPage } from '../../pages/login/login-page';
import { RegisterPage } from '../../pages/register/register-page';
import { fakeApi } from '../../test/api-kit';
import { fakeServer, renderSignInPage, TELEGRAM, VK, YANDEX } from '../../test/sign-in-kit';
import { AuthModal } from './auth-modal';
import { useAuthDialogStore } from './auth-store';

const server = fakeServer();
fakeApi(server.api);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.reset();
  server.on('GET /api/auth/providers', [VK, YANDEX, TELEGRAM]);
});

const openLogin = (path: string) =>
  renderSignInPage(path, [
    { path: '/:locale/login', element: <LoginPage /> },
    { path: '/:locale/register', element: <RegisterPage /> },
  ]);

describe('the provider buttons', () => {
  it('shows one link per provider on the sign-in page, each with its name and its address', async () => {
    openLogin('/en/login?next=%2Fen%2Fchat%2F3');
    const block = await screen.findByTestId('provider-buttons');
    expect(within(block).getByText('or sign in with')).toBeTruthy();
    const vk = screen.getByTestId<HTMLAnchorElement>('provider-vk');
    expect(vk.tagName).toBe('A');
    expect(vk.textContent).toBe('VK ID');
    expect(vk.getAttribute('aria-label')).toBe('Sign in with VK ID');
    expect(vk.getAttribute('href')).toBe('/api/auth/social/vk/redirect?return_to=%2Fen%2Fchat%2F3');
    expect(screen.getByTestId('provider-yandex').getAttribute('href')).toBe(
      '/api/auth/social/yandex/redirect?return_to=%2Fen%2Fchat%2F3',
    );
    const telegram = new URL(screen.getByTestId('provider-telegram').getAttribute('href') ?? '');
    expect(telegram.origin + telegram.pathname).toBe('https://oauth.telegram.org/auth');
    expect(telegram.searchParams.get('bot_id')).toBe('123456');
    expect(telegram.searchParams.get('origin')).toBe(window.location.origin);
    expect(telegram.searchParams.get('return_to')).toBe(
      `${window.location.origin}/en/auth/telegram?return_to=%2Fen%2Fchat%2F3`,
    );
    // No picture or script of another site: each button is its name.
    expect(block.querySelector('img, script, iframe')).toBeNull();
  });

  it('comes back to the chat when the sign-in page has no next path', async () => {
    openLogin('/en/login');
    expect((await screen.findByTestId('provider-vk')).getAttribute('href')).toBe(
      '/api/auth/social/vk/redirect?return_to=%2Fen%2Fchat',
    );
  });

  it('shows the same buttons on the registration page', async () => {
    openLogin('/en/register?next=%2Fen%2Fforum');
    const block = await screen.findByTestId('provider-buttons');
    expect(within(block).getByText('or register with')).toBeTruthy();
    expect(screen.getByTestId('provider-vk').getAttribute('aria-label')).toBe(
      'Register with VK ID',
    );
    expect(screen.getByTestId('provider-vk').getAttribute('href')).toBe(
      '/api/auth/social/vk/redirect?return_to=%2Fen%2Fforum',
    );
  });

  it('hides the block when the site has no provider', async () => {
    server.on('GET /api/auth/providers', []);
    openLogin('/en/login');
    await waitFor(() =>
      expect(server.api.get).toHaveBeenCalledWith('/api/auth/providers', expect.anything()),
    );
    expect(screen.getByTestId('sign-in-form')).toBeTruthy();
    expect(screen.queryByTestId('provider-buttons')).toBeNull();
  });

  it('asks for the providers once, however often the form is shown', async () => {
    const { client } = openLogin('/en/login');
    await screen.findByTestId('provider-buttons');
    fireEvent.click(screen.getByText('Register'));
    await screen.findByTestId('register-form');
    await screen.findByTestId('provider-buttons');
    expect(server.sent('GET /api/auth/providers')).toHaveLength(1);
    expect(client.getQueryData(['auth', 'providers'])).toHaveLength(3);
  });

  it('leads from the sign-in form to the forgotten password page', async () => {
    openLogin('/en/login');
    fireEvent.click(await screen.findByTestId('forgot-password'));
    expect(screen.getByTestId('where').textContent).toBe('/en/password/forgot');
  });
});

describe('the sign-in dialog', () => {
  const openDialog = (path: string) =>
    renderSignInPage(path, [{ path: '/:locale/*', element: <AuthModal /> }]);

  it('returns to where the dialog would lead, else to the page it was opened on', async () => {
    useAuthDialogStore.getState().show('signIn', '', '/en/chat/5');
    openDialog('/en/forum');
    expect((await screen.findByTestId('provider-vk')).getAttribute('href')).toBe(
      '/api/auth/social/vk/redirect?return_to=%2Fen%2Fchat%2F5',
    );
  });

  it('returns to the page under it when it leads nowhere, and closes for the forgotten password', async () => {
    useAuthDialogStore.getState().show('signIn');
    openDialog('/en/profiles/online?page=2');
    expect((await screen.findByTestId('provider-vk')).getAttribute('href')).toBe(
      '/api/auth/social/vk/redirect?return_to=%2Fen%2Fprofiles%2Fonline%3Fpage%3D2',
    );
    fireEvent.click(screen.getByTestId('forgot-password'));
    expect(useAuthDialogStore.getState().visible).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/en/password/forgot');
  });
});

describe('a failed sign-in with another site', () => {
  it.each([
    ['social.state_invalid', 'The sign-in took too long or was started in another browser'],
    ['social.denied', 'The sign-in was cancelled at the other site.'],
    ['social.failed', 'The other site could not be reached'],
    ['social.linked_elsewhere', 'already linked to another account here'],
    ['social.unavailable', 'Signing in with this site is not turned on here.'],
    ['social.email_unverified', 'has not confirmed the e-mail'],
    ['entry.registration_closed', 'Registration of new accounts is closed'],
  ])('says what %s means', async (code, text) => {
    openLogin(`/en/login?social_error=${encodeURIComponent(code)}`);
    expect((await screen.findByTestId('social-error')).textContent).toContain(text);
  });

  it('says it in Russian too', async () => {
    await i18n.changeLanguage('ru');
    openLogin('/ru/login?social_error=social.denied');
    expect((await screen.findByTestId('social-error')).textContent).toContain(
      'Вход отменён на другом сайте.',
    );
  });

  it('reads an unknown code, markup or a key of another text as the generic words, never itself', async () => {
    for (const code of ['<img src=x onerror=alert(1)>', 'constructor', 'errors:banned']) {
      const view = openLogin(`/en/login?social_error=${encodeURIComponent(code)}`);
      const alert = await screen.findByTestId('social-error');
      expect(alert.textContent).toContain('Signing in with the other site did not work.');
      expect(alert.textContent).not.toContain(code);
      expect(alert.querySelector('img')).toBeNull();
      view.unmount();
    }
  });

  it('closes, and leaves the address without the code', async () => {
    openLogin('/en/login?next=%2Fen%2Fforum&social_error=social.denied');
    const alert = await screen.findByTestId('social-error');
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('social-error')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/en/login?next=%2Fen%2Fforum');
  });
});

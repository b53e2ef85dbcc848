import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../features/session/store';
import { i18n } from '../../i18n/i18n';
import { fakeApi } from '../../test/api-kit';
import { signInAs } from '../../test/chat-kit';
import { apiFailure, fakeServer, renderSignInPage } from '../../test/sign-in-kit';
import { PasswordResetPage } from './password-reset-page';

const server = fakeServer();
fakeApi(server.api);

const TOKEN = 'Abc_def-0123456789xyzXYZ';
const open = (path = `/en/password/reset?token=${TOKEN}`) =>
  renderSignInPage(path, [{ path: '/:locale/password/reset', element: <PasswordResetPage /> }]);
const fill = (password: string, confirmation = password) => {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Repeat the new password'), {
    target: { value: confirmation },
  });
  fireEvent.click(screen.getByTestId('reset-submit'));
};
const INVALID = 'This link is used or expired. Ask for a new one.';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.reset();
  server.on('POST /api/auth/password/reset', null);
  server.on('GET /api/init', { user: null });
});

describe('/password/reset', () => {
  it('changes the password, says every device was signed out, and signs this one out', async () => {
    signInAs({ id: 3 });
    open();
    fill('a new secret');
    expect((await screen.findByTestId('reset-done')).textContent).toBe(
      'Your password is changed. Every device that was signed in to your account was signed out.',
    );
    expect(server.sent('POST /api/auth/password/reset')).toEqual([
      { token: TOKEN, password: 'a new secret', password_confirmation: 'a new secret' },
    ]);
    expect(useSessionStore.getState().userData).toBeNull();
    expect(screen.getByTestId('reset-to-sign-in').getAttribute('href')).toBe('/en/login');
  });

  it('signs this browser out even when the server cannot be asked who it is', async () => {
    signInAs({ id: 3 });
    server.on('GET /api/init', () => {
      throw apiFailure(0, 'Error.');
    });
    open();
    fill('a new secret');
    await screen.findByTestId('reset-done');
    expect(useSessionStore.getState().userData).toBeNull();
  });

  it('says the link is used or expired when the server refuses the token', async () => {
    server.on('POST /api/auth/password/reset', () => {
      throw apiFailure(422, 'The given data was invalid.', {
        token: ['This link is used or has expired.'],
      });
    });
    open();
    fill('a new secret');
    expect((await screen.findByTestId('reset-invalid')).textContent).toBe(INVALID);
    expect(screen.getByTestId('reset-ask-new').getAttribute('href')).toBe('/en/password/forgot');
    expect(screen.queryByTestId('reset-form')).toBeNull();
  });

  it.each([
    ['/en/password/reset', 'no token'],
    ['/en/password/reset?token=', 'an empty token'],
  ])('says the same at %s (%s), asking nothing', async (path) => {
    open(path);
    expect(screen.getByTestId('reset-invalid').textContent).toBe(INVALID);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(server.api.post).not.toHaveBeenCalled();
  });

  it('says the same of a token that cannot be a link’s, once submitted', async () => {
    open('/en/password/reset?token=short');
    fill('a new secret');
    expect((await screen.findByTestId('reset-invalid')).textContent).toBe(INVALID);
    expect(server.api.post).not.toHaveBeenCalled();
  });

  it('checks the passwords here first, the error on its field', async () => {
    open();
    fill('a new secret', 'another');
    await waitFor(() =>
      expect(screen.getByTestId('error-password_confirmation').textContent).toBe(
        'The passwords do not match.',
      ),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Repeat the new password'));
    expect(server.api.post).not.toHaveBeenCalled();
  });

  it("shows the server's password errors on their fields, not as a used link", async () => {
    server.on('POST /api/auth/password/reset', () => {
      throw apiFailure(422, 'The given data was invalid.', {
        password: ['The password is too long.'],
      });
    });
    open();
    fill('a new secret');
    expect((await screen.findByTestId('error-password')).textContent).toBe(
      'The password is too long.',
    );
    expect(screen.queryByTestId('reset-invalid')).toBeNull();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/api-kit';
import { signInAs } from '../../../test/chat-kit';
import { makeSocial, renderMy } from '../../../test/my-kit';
import { apiFailure, fakeServer } from '../../../test/sign-in-kit';
import { useToastsStore } from '../../toasts/store';
import { PasswordTab } from './password-tab';

const server = fakeServer();
fakeApi(server.api);

const REAUTH =
  'Sign in again with the site you use (for example, sign out and back in), then do this within 15 minutes.';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  signInAs();
  server.reset();
  server.on('GET /api/my/social', makeSocial());
  server.on('GET /api/my/sessions', []);
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const open = async () => {
  renderMy(<PasswordTab />, '/en/my/password');
  return screen.findByTestId('password-form');
};
const submit = () => fireEvent.click(screen.getByTestId('password-submit'));
const toasts = () => useToastsStore.getState().toasts.map((toast) => toast.text);

describe('PasswordTab of an account with a password', () => {
  it('checks the current password and the confirmation before sending', async () => {
    await open();
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeTruthy();
    type('New password', 'new-secret');
    type('New password again', 'other');
    submit();
    expect(screen.getByTestId('error-password').textContent).toBe('This field is required.');
    expect(screen.getByTestId('error-new_password_confirmation')).toBeTruthy();
    expect(server.sent('POST /api/my/password')).toEqual([]);
  });

  it('shows a wrong current password under its field', async () => {
    server.on('POST /api/my/password', () => {
      throw apiFailure(422, 'The given data was invalid.', {
        password: ['The password is wrong.'],
      });
    });
    await open();
    type('Current password', 'bad');
    type('New password', 'new-secret');
    type('New password again', 'new-secret');
    submit();
    expect((await screen.findByTestId('error-password')).textContent).toBe(
      'The password is wrong.',
    );
  });

  it('sends the current password and clears the form after a change', async () => {
    server.on('POST /api/my/password', null);
    await open();
    type('Current password', 'old-secret');
    type('New password', 'new-secret');
    type('New password again', 'new-secret');
    submit();
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe(''),
    );
    expect(server.sent('POST /api/my/password')).toEqual([
      {
        password: 'old-secret',
        new_password: 'new-secret',
        new_password_confirmation: 'new-secret',
      },
    ]);
    expect(toasts()).toContain('Password changed. Other devices were signed out.');
  });
});

describe('PasswordTab of an account without a password', () => {
  beforeEach(() => {
    server.on('GET /api/my/social', makeSocial({ has_password: false, can_unlink: false }));
  });

  it('sets a first password without asking for one; the form then changes it', async () => {
    server.on('POST /api/my/password', () => {
      server.on('GET /api/my/social', makeSocial());
      return null;
    });
    const form = await open();
    expect(form.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Set a password' })).toBeTruthy();
    expect(screen.getByTestId('password-set-intro').textContent).toContain('within 15 minutes');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    type('New password', 'first-secret');
    type('New password again', 'first-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByLabelText('Current password')).toBeTruthy();
    expect(server.sent('POST /api/my/password')).toEqual([
      { new_password: 'first-secret', new_password_confirmation: 'first-secret' },
    ]);
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeTruthy();
    expect(toasts()).toContain(
      'Password set. You can now sign in by your nick too; other devices were signed out.',
    );
  });

  it('still checks the new password before sending', async () => {
    await open();
    type('New password', 'abc');
    type('New password again', 'abc');
    submit();
    expect(screen.getByTestId('error-new_password').textContent).toBe(
      'The password must be at least 6 characters.',
    );
    expect(server.sent('POST /api/my/password')).toEqual([]);
  });

  it('says to sign in again when the session is too old', async () => {
    server.on('POST /api/my/password', () => {
      throw apiFailure(422, 'The given data was invalid.', { password: [REAUTH] });
    });
    await open();
    type('New password', 'first-secret');
    type('New password again', 'first-secret');
    submit();
    expect((await screen.findByTestId('form-error')).textContent).toBe(REAUTH);
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('first-secret');
  });

  it('speaks Russian', async () => {
    await i18n.changeLanguage('ru');
    renderMy(<PasswordTab />, '/ru/my/password');
    expect(await screen.findByRole('heading', { name: 'Задать пароль' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Задать пароль' })).toBeTruthy();
  });
});

describe('PasswordTab while the account is read', () => {
  it('says when it could not be read', async () => {
    server.on('GET /api/my/social', () => {
      throw apiFailure(500, 'Server error.');
    });
    renderMy(<PasswordTab />, '/en/my/password');
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(await screen.findByText('Could not load this section. Try again later.')).toBeTruthy();
    expect(screen.queryByTestId('password-form')).toBeNull();
  });
});

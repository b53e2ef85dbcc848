import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/api-kit';
import { signInAs } from '../../../test/chat-kit';
import { makeSocial, renderMy } from '../../../test/my-kit';
import { apiFailure, fakeServer } from '../../../test/sign-in-kit';
import { useSessionStore } from '../../session/store';
import { DeleteAccountTab } from './delete-account-tab';

const server = fakeServer();
fakeApi(server.api);

const REAUTH =
  'Sign in again with the site you use (for example, sign out and back in), then do this within 15 minutes.';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  signInAs();
  server.reset();
  server.on('GET /api/my/social', makeSocial());
});

const open = async () => {
  renderMy(<DeleteAccountTab />, '/en/my/delete');
  fireEvent.click(screen.getByLabelText('I understand, continue'));
  return screen.findByTestId('delete-form');
};
const confirm = () => screen.findByTestId('delete-confirm');

describe('DeleteAccountTab of an account with a password', () => {
  it('asks for the password, then for a last confirmation, then deletes', async () => {
    server.on('DELETE /api/my/account', null);
    await open();
    fireEvent.click(screen.getByTestId('delete-submit'));
    expect(screen.getByTestId('error-password').textContent).toBe('Enter your password.');
    expect(screen.queryByTestId('delete-confirm')).toBeNull();

    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('delete-submit'));
    fireEvent.click(await confirm());
    await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeTruthy());
    expect(server.sent('DELETE /api/my/account')).toEqual([{ password: 'secret' }]);
    expect(useSessionStore.getState().userData).toBeNull();
  });

  it('shows a wrong password under its field', async () => {
    server.on('DELETE /api/my/account', () => {
      throw apiFailure(422, 'The given data was invalid.', {
        password: ['The password is wrong.'],
      });
    });
    await open();
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByTestId('delete-submit'));
    fireEvent.click(await confirm());
    expect((await screen.findByTestId('error-password')).textContent).toBe(
      'The password is wrong.',
    );
  });
});

describe('DeleteAccountTab of an account without a password', () => {
  beforeEach(() => {
    server.on('GET /api/my/social', makeSocial({ has_password: false, can_unlink: false }));
  });

  it('asks no password, keeps the understanding and the last confirmation, then deletes', async () => {
    server.on('DELETE /api/my/account', null);
    renderMy(<DeleteAccountTab />, '/en/my/delete');
    expect(screen.queryByTestId('delete-form')).toBeNull();
    fireEvent.click(screen.getByLabelText('I understand, continue'));
    await screen.findByTestId('delete-form');
    expect(screen.queryByLabelText('Your password')).toBeNull();
    expect(screen.getByTestId('delete-reauth-note').textContent).toContain('within 15 minutes');

    fireEvent.click(screen.getByTestId('delete-submit'));
    expect(server.sent('DELETE /api/my/account')).toEqual([]);
    fireEvent.click(await confirm());
    await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeTruthy());
    expect(server.sent('DELETE /api/my/account')).toEqual([{}]);
  });

  it('says to sign in again when the session is too old, and keeps the account', async () => {
    server.on('DELETE /api/my/account', () => {
      throw apiFailure(422, 'The given data was invalid.', { password: [REAUTH] });
    });
    await open();
    fireEvent.click(screen.getByTestId('delete-submit'));
    fireEvent.click(await confirm());
    expect((await screen.findByTestId('form-error')).textContent).toBe(REAUTH);
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    expect(useSessionStore.getState().userData).not.toBeNull();
  });

  it('speaks Russian', async () => {
    await i18n.changeLanguage('ru');
    renderMy(<DeleteAccountTab />, '/ru/my/delete');
    fireEvent.click(screen.getByLabelText('Понятно, продолжить'));
    expect((await screen.findByTestId('delete-reauth-note')).textContent).toContain(
      'в течение 15 минут',
    );
  });
});

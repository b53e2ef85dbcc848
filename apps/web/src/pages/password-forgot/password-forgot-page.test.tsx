import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { fakeApi } from '../../test/api-kit';
import { apiFailure, fakeServer, renderSignInPage } from '../../test/sign-in-kit';
import { PasswordForgotPage } from './password-forgot-page';

const server = fakeServer();
fakeApi(server.api);

const open = () =>
  renderSignInPage('/en/password/forgot', [
    { path: '/:locale/password/forgot', element: <PasswordForgotPage /> },
  ]);
const type = (value: string) =>
  fireEvent.change(screen.getByLabelText('Nick or e-mail'), { target: { value } });
const NEUTRAL =
  'If an account matches and has a confirmed e-mail, we have sent it a link to choose a new password. The link works for an hour.';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.reset();
  server.on('POST /api/auth/password/forgot', null);
});

describe('/password/forgot', () => {
  it.each(['vasya', 'nobody@example.com'])(
    'answers %s with the same neutral words',
    async (name) => {
      open();
      type(name);
      fireEvent.click(screen.getByTestId('forgot-submit'));
      expect((await screen.findByTestId('forgot-sent')).textContent).toBe(NEUTRAL);
      expect(server.sent('POST /api/auth/password/forgot')).toEqual([{ nick_or_email: name }]);
      expect(screen.getByTestId('forgot-to-sign-in').getAttribute('href')).toBe('/en/login');
    },
  );

  it('asks for something before sending, on the field, focused', async () => {
    open();
    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect((await screen.findByTestId('error-nick_or_email')).textContent).toBe(
      'This field is required.',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Nick or e-mail'));
    expect(server.api.post).not.toHaveBeenCalled();
  });

  it("shows the server's words when asked too often, and stays on the form", async () => {
    server.on('POST /api/auth/password/forgot', () => {
      throw apiFailure(429, 'Too many requests. Try again later.');
    });
    open();
    type('vasya');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect((await screen.findByTestId('forgot-limited')).textContent).toBe(
      'Too many requests. Try again later.',
    );
    expect(screen.queryByTestId('forgot-sent')).toBeNull();
    // Asked for as the page's own: not toasted on top.
    expect(server.api.post).toHaveBeenCalledWith(
      '/api/auth/password/forgot',
      { nick_or_email: 'vasya' },
      expect.objectContaining({ handledStatuses: [429] }),
    );
  });

  it('speaks Russian', async () => {
    await i18n.changeLanguage('ru');
    renderSignInPage('/ru/password/forgot', [
      { path: '/:locale/password/forgot', element: <PasswordForgotPage /> },
    ]);
    fireEvent.change(screen.getByLabelText('Ник или e-mail'), { target: { value: 'вася' } });
    fireEvent.click(screen.getByTestId('forgot-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('forgot-sent').textContent).toContain('Ссылка действует час.'),
    );
  });
});

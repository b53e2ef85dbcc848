import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { fakeApi } from '../../test/api-kit';
import { apiFailure, fakeServer, renderSignInPage } from '../../test/sign-in-kit';
import { EmailConfirmPage } from './email-confirm-page';

const server = fakeServer();
fakeApi(server.api);

const TOKEN = 'Zyx_wvu-9876543210abcABC';
const open = (path = `/en/email/confirm?token=${TOKEN}`) =>
  renderSignInPage(path, [{ path: '/:locale/email/confirm', element: <EmailConfirmPage /> }]);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.reset();
  server.on('POST /api/auth/email/confirm', null);
});

describe('/email/confirm', () => {
  it('posts nothing on opening: a mail scanner following the link changes nothing', async () => {
    open();
    expect(screen.getByTestId('email-confirm').textContent).toBe('Confirm my e-mail');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.api.post).not.toHaveBeenCalled();
  });

  it('confirms on the button, with a way to the security page', async () => {
    open();
    fireEvent.click(screen.getByTestId('email-confirm'));
    expect((await screen.findByTestId('email-confirmed')).textContent).toBe(
      'Your e-mail is confirmed.',
    );
    expect(server.sent('POST /api/auth/email/confirm')).toEqual([{ token: TOKEN }]);
    expect(screen.getByTestId('email-to-security').getAttribute('href')).toBe('/en/my/security');
  });

  it('says the link is used or expired when the server refuses it', async () => {
    server.on('POST /api/auth/email/confirm', () => {
      throw apiFailure(422, 'The given data was invalid.', { token: ['token.invalid'] });
    });
    open();
    fireEvent.click(screen.getByTestId('email-confirm'));
    expect((await screen.findByTestId('email-invalid')).textContent).toContain(
      'This link is used or expired.',
    );
    expect(screen.queryByTestId('email-confirm')).toBeNull();
  });

  it('says the same without a token, and offers no button', () => {
    open('/en/email/confirm');
    expect(screen.getByTestId('email-invalid')).toBeTruthy();
    expect(screen.queryByTestId('email-confirm')).toBeNull();
  });

  it("shows the server's words when asked too often, and keeps the button", async () => {
    server.on('POST /api/auth/email/confirm', () => {
      throw apiFailure(429, 'Too many requests. Try again later.');
    });
    open();
    fireEvent.click(screen.getByTestId('email-confirm'));
    expect((await screen.findByTestId('email-limited')).textContent).toBe(
      'Too many requests. Try again later.',
    );
    expect(screen.getByTestId<HTMLButtonElement>('email-confirm').disabled).toBe(false);
  });
});

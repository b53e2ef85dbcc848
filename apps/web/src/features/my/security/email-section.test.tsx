import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/api-kit';
import { signInAs } from '../../../test/chat-kit';
import { apiFailure, fakeServer, renderSignInPage } from '../../../test/sign-in-kit';
import type { MyEmail } from '../api';
import { EmailSection } from './email-section';

const server = fakeServer();
fakeApi(server.api);

const state = (overrides: Partial<MyEmail> = {}): MyEmail => ({
  email: 'vasya@example.com',
  verified: false,
  code_pending: false,
  ...overrides,
});

const open = () =>
  renderSignInPage('/en/my/security', [{ path: '/:locale/my/:tab?', element: <EmailSection /> }]);
const codeField = () => screen.getByTestId<HTMLInputElement>('email-code');
const typeCode = (code: string) => {
  fireEvent.change(codeField(), { target: { value: code } });
  fireEvent.click(screen.getByTestId('email-code-confirm'));
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  signInAs();
  server.reset();
  server.on('GET /api/my/email', state());
});

describe('the e-mail section', () => {
  it('shows a confirmed address with its badge and nothing to do', async () => {
    server.on('GET /api/my/email', state({ verified: true }));
    open();
    expect((await screen.findByTestId('my-email')).textContent).toBe('vasya@example.com');
    expect(screen.getByTestId('email-badge').textContent).toBe('Confirmed');
    expect(screen.queryByTestId('email-send-code')).toBeNull();
    expect(screen.queryByTestId('email-code')).toBeNull();
  });

  it('sends a code to an unconfirmed address, then asks for it', async () => {
    server.on('POST /api/my/email/verify', null);
    open();
    expect((await screen.findByTestId('email-badge')).textContent).toBe('Not confirmed');
    expect(screen.queryByTestId('email-code')).toBeNull();
    fireEvent.click(screen.getByTestId('email-send-code'));
    expect((await screen.findByTestId('email-notice')).textContent).toBe(
      'We sent a 6-digit code and a link to vasya@example.com. They work for 30 minutes.',
    );
    expect(server.sent('POST /api/my/email/verify')).toEqual([undefined]);
    await waitFor(() => expect(document.activeElement).toBe(codeField()));
    expect(screen.getByTestId('email-send-code').textContent).toBe('Send a new code');
  });

  it("shows the server's words when codes are asked for too often", async () => {
    server.on('POST /api/my/email/verify', () => {
      throw apiFailure(429, 'Too many requests. Try again later.');
    });
    open();
    fireEvent.click(await screen.findByTestId('email-send-code'));
    expect((await screen.findByTestId('email-notice')).textContent).toBe(
      'Too many requests. Try again later.',
    );
    expect(server.api.request).toHaveBeenCalledWith(
      '/api/my/email/verify',
      expect.objectContaining({ handledStatuses: [429] }),
    );
  });

  it('confirms the code and shows the new state', async () => {
    server.on('GET /api/my/email', state({ code_pending: true }));
    server.on('POST /api/my/email/confirm', state({ verified: true }));
    open();
    await screen.findByTestId('email-code');
    typeCode(' 123456 ');
    await waitFor(() => expect(screen.getByTestId('email-badge').textContent).toBe('Confirmed'));
    expect(server.sent('POST /api/my/email/confirm')).toEqual([{ code: '123456' }]);
    expect(screen.queryByTestId('email-code')).toBeNull();
  });

  it('says a wrong code on the field and puts the keyboard there', async () => {
    server.on('GET /api/my/email', state({ code_pending: true }));
    server.on('POST /api/my/email/confirm', () => {
      throw apiFailure(422, 'The given data was invalid.', { code: ['email.code_invalid'] });
    });
    open();
    await screen.findByTestId('email-code');
    typeCode('654321');
    expect((await screen.findByTestId('error-email-code')).textContent).toBe(
      'The code is wrong, used or expired. Ask for a new one.',
    );
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(codeField());
  });

  it('refuses a code that is not six digits without asking the server', async () => {
    server.on('GET /api/my/email', state({ code_pending: true }));
    open();
    await screen.findByTestId('email-code');
    typeCode('12ab');
    expect(screen.getByTestId('error-email-code').textContent).toBe(
      'The code is wrong, used or expired. Ask for a new one.',
    );
    expect(server.api.request).not.toHaveBeenCalledWith('/api/my/email/confirm', expect.anything());
  });

  it('leads to the profile tab when there is no address', async () => {
    server.on('GET /api/my/email', state({ email: null }));
    open();
    expect((await screen.findByTestId('email-none')).textContent).toContain(
      'Your profile has no e-mail.',
    );
    expect(screen.getByTestId('email-set-it').getAttribute('href')).toBe('/en/my/profile');
    expect(screen.queryByTestId('email-send-code')).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../features/session/store';
import { i18n } from '../i18n/i18n';
import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

beforeEach(() => {
  useSessionStore.setState({ initialized: true, agreementStatus: true, userData: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 404 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('routes', () => {
  it('shows the Russian home at / with its title', async () => {
    renderAt('/');
    await waitFor(() => expect(document.title).toBe('Бесплатный русский онлайн-чат'));
    expect(i18n.language).toBe('ru');
    expect(screen.getByTestId('guest-form')).toBeTruthy();
  });

  it('shows the English home at /en', async () => {
    renderAt('/en');
    await waitFor(() => expect(document.title).toBe('Free russian online chat'));
    expect(document.documentElement.lang).toBe('en');
  });

  it.each([
    ['/xx/', '/en/'],
    ['/de/chat', '/en/chat'],
  ])('redirects %s to %s', async (from, to) => {
    const router = renderAt(from);
    // The redirect waits for the target page's code; a loaded machine takes over a second.
    await waitFor(() => expect(router.state.location.pathname).toBe(to), { timeout: 5000 });
  });

  it('invites a signed-out visitor into the chat at /en/chat', async () => {
    renderAt('/en/chat');
    expect(await screen.findByTestId('chat-welcome')).toBeTruthy();
    expect(screen.getByTestId('guest-form')).toBeTruthy();
    expect(screen.getByTestId('chat-sign-in')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Chat — Chatik'));
  });

  it.each([
    ['/en/password/forgot', 'forgot-form', 'Forgotten password — Chatik'],
    ['/ru/password/reset', 'reset-invalid', 'Новый пароль — Чатик'],
    [
      '/en/email/confirm?token=abcdefghijklmnopqrstuvwxyz',
      'email-confirm',
      'E-mail confirmation — Chatik',
    ],
  ])('opens %s, a page of its own with its title', async (path, testId, title) => {
    renderAt(path);
    expect(await screen.findByTestId(testId)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('shows the localized 404 page for an unknown path', async () => {
    renderAt('/ru/no-such-page');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Страница не найдена — Чатик'));
  });

  it('shows Access Restricted instead of pages once the agreement is declined', async () => {
    useSessionStore.setState({ agreementStatus: false });
    renderAt('/en');
    const restricted = await screen.findByTestId('access-restricted');
    expect(restricted.textContent).toContain(
      'You must accept our Privacy Policy and Terms of Service to use this website.',
    );
  });
});

// Test kit of sign-in with other sites, e-mail links and the forgotten password (issue 24): a
// router around a page that shows where it went (hash included), providers, a fake server.
import type { AuthProvider } from '@chat/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { ApiError } from '../lib/api-error';

function Where() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="where">{pathname + search + hash}</output>;
}

/** A page at `path` among `routes` (anything else renders "elsewhere"); `where` tells the address. */
export function renderSignInPage(path: string, routes: { path: string; element: ReactElement }[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {routes.map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
            <Route path="*" element={<p data-testid="elsewhere">elsewhere</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, client };
}

export const VK: AuthProvider = { id: 'vk', name: 'VK ID', kind: 'oauth' };
export const YANDEX: AuthProvider = { id: 'yandex', name: 'Yandex', kind: 'oauth' };
export const TELEGRAM: AuthProvider = {
  id: 'telegram',
  name: 'Telegram',
  kind: 'telegram',
  telegram: { bot_id: '123456', bot_name: 'chatik_bot' },
};

type Handler = (body: unknown, options: unknown) => unknown;

/**
 * The API answering by method and path, for `fakeApi`: `routes['GET /api/x']` gives the answer's
 * `data` (a function of the body and options, or a value); a thrown error fails the call. A path
 * with no answer fails the test.
 */
export function fakeServer() {
  const routes = new Map<string, Handler>();
  const answer = async (
    method: string,
    path: string,
    body: unknown,
    options: unknown,
  ): Promise<{
    data: unknown;
    meta: Record<string, unknown> | undefined;
    status: number;
    headers: Headers;
  }> => {
    const handler = routes.get(`${method} ${path}`);
    if (!handler) throw new Error(`unexpected ${method} ${path}`);
    const data = await handler(body, options);
    return { data, meta: undefined, status: 200, headers: new Headers() };
  };
  const get = vi.fn((path: string, options?: unknown) => answer('GET', path, undefined, options));
  const post = vi.fn((path: string, body?: unknown, options?: unknown) =>
    answer('POST', path, body, options),
  );
  const request = vi.fn((path: string, options?: { method?: string; body?: unknown }) =>
    answer(options?.method ?? 'GET', path, options?.body, options),
  );
  return {
    api: { get, post, request },
    /** Answers `METHOD /path` with `data` (or what a function of the body gives or throws). */
    on(route: string, data: unknown) {
      routes.set(route, typeof data === 'function' ? (data as Handler) : () => data);
    },
    reset() {
      routes.clear();
      get.mockClear();
      post.mockClear();
      request.mockClear();
    },
    /** The bodies sent to `METHOD /path` (by `post`, `get` or `request`), in order. */
    sent(route: string): unknown[] {
      const [method, path] = route.split(' ');
      const direct =
        method === 'GET'
          ? get.mock.calls.filter(([p]) => p === path).map(([, o]) => o)
          : method === 'POST'
            ? post.mock.calls.filter(([p]) => p === path).map(([, b]) => b)
            : [];
      const requested = request.mock.calls
        .filter(([p, o]) => p === path && (o?.method ?? 'GET') === method)
        .map(([, o]) => (method === 'GET' ? o : o?.body));
      return [...direct, ...requested];
    },
  };
}

/** A failed call as the API client throws it. */
export function apiFailure(
  status: number,
  message: string,
  errors: Record<string, string[]> = {},
): ApiError {
  const code = status === 422 ? 'validation' : status === 429 ? 'too_many_requests' : null;
  return new ApiError(status, message, code, errors);
}

/** Telegram's answer as its page puts it in the hash: base64url of the JSON. */
export function telegramHash(fields: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(fields));
  const binary = String.fromCharCode(...bytes);
  return `#tgAuthResult=${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

import type { Locale } from '@chat/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientDeps, type ToastVariant } from './api-client';
import { ApiError } from './api-error';
import { translate } from '../i18n/i18n';
import { FakeXhr } from '../test/uploads-kit';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-build-key': 'build-1', ...headers },
  });
}

function setup(overrides: Partial<ApiClientDeps> & { locale?: Locale } = {}) {
  const toasts: { text: string; variant: ToastVariant }[] = [];
  const buildKeys: string[] = [];
  const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, { data: { ok: true } }));
  const client = createApiClient({
    fetch: fetchMock,
    getLocale: () => overrides.locale ?? 'en',
    getCookie: (name) => (name === 'XSRF-TOKEN' ? 'xsrf value' : null),
    onBuildKey: (key) => buildKeys.push(key),
    toast: (text, variant) => toasts.push({ text, variant }),
    translate,
    now: () => NOW,
    ...overrides,
  });
  return { client, fetchMock, toasts, buildKeys };
}

function sentHeaders(fetchMock: ReturnType<typeof setup>['fetchMock']): Record<string, string> {
  const init = fetchMock.mock.calls[0]?.[1];
  return init?.headers as Record<string, string>;
}

describe('api client requests', () => {
  it('sends credentials, the platform headers, the locale and the XSRF cookie value', async () => {
    const { client, fetchMock } = setup({ locale: 'ru' });
    const answer = await client.post<{ ok: boolean }>('/api/auth/login', { nick_or_phone: 'a' });
    expect(answer.data).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ nick_or_phone: 'a' }));
    expect(sentHeaders(fetchMock)).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Localization': 'ru',
      'X-Platform': 'pc',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': 'xsrf value',
    });
  });

  it('leaves the XSRF header out when there is no cookie, and adds the query', async () => {
    const { client, fetchMock } = setup({ getCookie: () => null });
    await client.get('/api/init', { query: { platform: 'pc' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/init?platform=pc');
    expect(sentHeaders(fetchMock)).not.toHaveProperty('X-XSRF-TOKEN');
    expect(sentHeaders(fetchMock)).not.toHaveProperty('Content-Type');
  });

  it('hands every response build key to the session', async () => {
    const { client, buildKeys } = setup();
    await client.get('/api/pages/privacy');
    expect(buildKeys).toEqual(['build-1']);
  });

  it('answers 204 with no data', async () => {
    const { client } = setup({ fetch: async () => new Response(null, { status: 204 }) });
    const answer = await client.post('/api/auth/logout');
    expect(answer.status).toBe(204);
    expect(answer.data).toBeUndefined();
  });
});

describe('api client socket id', () => {
  it('sends the realtime socket id as X-Socket-ID once there is one', async () => {
    let socketId: string | null = null;
    const { client, fetchMock } = setup({ getSocketId: () => socketId });
    await client.get('/api/chat');
    expect(sentHeaders(fetchMock)).not.toHaveProperty('X-Socket-ID');
    socketId = '1234.5678';
    await client.post('/api/room/1/message', { text: 'hi' });
    const init = fetchMock.mock.calls[1]?.[1];
    expect((init?.headers as Record<string, string>)['X-Socket-ID']).toBe('1234.5678');
  });
});

describe('api client timeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('aborts after 30 seconds and reports an error', async () => {
    let signal: AbortSignal | undefined;
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        signal = init?.signal ?? undefined;
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { client, toasts } = setup({ fetch: hanging });
    const pending = client.get('/api/init');
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(toasts).toEqual([{ text: 'Error.', variant: 'danger' }]);
  });
});

describe('api client forms and uploads', () => {
  it('posts a form by fetch with the same headers, leaving its Content-Type to the browser', async () => {
    const { client, fetchMock } = setup({ getSocketId: () => '1.2' });
    await client.form('/api/thing', { name: 'a', file: new Blob(['x']) });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('name')).toBe('a');
    expect(sentHeaders(fetchMock)).toMatchObject({
      'X-XSRF-TOKEN': 'xsrf value',
      'X-Socket-ID': '1.2',
    });
    expect(sentHeaders(fetchMock)['Content-Type']).toBeUndefined();
  });

  it('uploads by XMLHttpRequest with progress, and fails as every other call does', async () => {
    const xhrs: FakeXhr[] = [];
    const sanctioned: string[] = [];
    const { client, toasts, buildKeys } = setup({
      createXhr: () => {
        const xhr = new FakeXhr();
        xhrs.push(xhr);
        return xhr as unknown as XMLHttpRequest;
      },
      onSanctioned: (code) => sanctioned.push(code),
    });
    const progress: number[] = [];
    const ok = client.upload<{ id: number }>('/api/upload', new FormData(), {
      onProgress: (loaded, total) => progress.push(loaded / total),
    });
    expect(xhrs[0]?.headers).toMatchObject({ 'X-XSRF-TOKEN': 'xsrf value' });
    xhrs[0]?.progress(1, 2);
    xhrs[0]?.respond(201, { data: { id: 5 } }, { 'x-build-key': 'build-2' });
    expect((await ok).data).toEqual({ id: 5 });
    expect(progress).toEqual([0.5]);
    expect(buildKeys).toEqual(['build-2']);

    const refused = client.upload('/api/upload', new FormData());
    xhrs[1]?.respond(403, { message: 'no', code: 'banned' });
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).failed?.status).toBe(403);
    expect(sanctioned).toEqual(['banned']);
    expect(toasts).toEqual([{ text: translate('errors:banned', 'en'), variant: 'danger' }]);
  });

  it('rejects an aborted upload with an AbortError and says nothing', async () => {
    const { client, toasts } = setup({
      createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
    });
    const controller = new AbortController();
    const done = client.upload('/api/upload', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(toasts).toEqual([]);
  });
});

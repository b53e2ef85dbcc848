import type { Locale } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/i18n';
import { createApiClient, type ToastVariant } from './api-client';
import { ApiError } from './api-error';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

async function failWith(
  status: number,
  body: unknown,
  options: { locale?: Locale; headers?: Record<string, string>; handlesValidation?: boolean } = {},
) {
  const toasts: { text: string; variant: ToastVariant }[] = [];
  const client = createApiClient({
    fetch: async () =>
      new Response(body === null ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...options.headers },
      }),
    getLocale: () => options.locale ?? 'en',
    getCookie: () => null,
    onBuildKey: () => undefined,
    toast: (text, variant) => toasts.push({ text, variant }),
    translate,
    now: () => NOW,
  });
  const error = await client
    .post('/api/x', {}, { handlesValidation: options.handlesValidation })
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(ApiError);
  return { error: error as ApiError, toasts };
}

const danger = (text: string) => [{ text, variant: 'danger' }];

describe('error catalogue (spec section 8)', () => {
  it.each([
    [401, { message: 'x', code: 'unauthenticated' }, 'Unauthorized. Please sign in and try again.'],
    [
      403,
      { message: 'Nope', code: 'guest' },
      'This action is only available for registered users.',
    ],
    [403, { message: 'You are banned', code: 'forbidden' }, 'You are banned'],
    [403, null, 'Forbidden. Lack of permissions or your profile has been banned.'],
    [404, { message: 'Missing', code: 'not_found' }, 'Not found.'],
    [
      419,
      { message: 'x', code: 'session_expired' },
      'Session has expired. Please refresh the page and try again.',
    ],
    [500, { message: 'x', code: 'server_error' }, 'Server error. Try again later.'],
    [502, null, 'Server error. Try again later.'],
    [503, null, 'Server error. Try again later.'],
    [504, null, 'Server error. Try again later.'],
    [413, { message: 'Too large file.', code: 'too_large' }, 'Too large file.'],
    [418, null, 'Unknown error.'],
    [
      422,
      { message: 'The given data was invalid.', code: 'validation' },
      'The given data was invalid.',
    ],
  ])('%i %j → %s', async (status, body, text) => {
    const { toasts, error } = await failWith(status, body);
    expect(toasts).toEqual(danger(text));
    expect(error.status).toBe(status);
  });

  it('429 says when to retry, from X-RateLimit-Reset, in the current language', async () => {
    const reset = String(NOW / 1000 + 30);
    const en = await failWith(
      429,
      { message: 'x', code: 'too_many_requests' },
      { headers: { 'X-RateLimit-Reset': reset } },
    );
    expect(en.toasts).toEqual(danger('Too fast... Try again in 30 seconds.'));
    const ru = await failWith(429, null, {
      locale: 'ru',
      headers: { 'X-RateLimit-Reset': String(NOW / 1000 + 120) },
    });
    expect(ru.toasts).toEqual(danger('Слишком быстро... Попробуйте снова через 2 минуты.'));
  });

  it('speaks Russian in the Russian interface', async () => {
    const { toasts } = await failWith(500, null, { locale: 'ru' });
    expect(toasts).toEqual(danger('Ошибка сервера. Попробуйте позже.'));
  });

  it('does not toast a 422 when the form shows the field errors itself', async () => {
    const body = {
      message: 'invalid',
      code: 'validation',
      errors: { nick: ['This nick is already taken.'] },
    };
    const { toasts, error } = await failWith(422, body, { handlesValidation: true });
    expect(toasts).toEqual([]);
    expect(error.code).toBe('validation');
    expect(error.errors).toEqual({ nick: ['This nick is already taken.'] });
  });

  it('still toasts other failures of a form call', async () => {
    const { toasts } = await failWith(500, null, { handlesValidation: true });
    expect(toasts).toEqual(danger('Server error. Try again later.'));
  });
});

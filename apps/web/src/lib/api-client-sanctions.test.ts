import { describe, expect, it, vi } from 'vitest';
import { translate } from '../i18n/i18n';
import { createApiClient } from './api-client';

function clientAnswering(code: string) {
  const toasts: string[] = [];
  const onSanctioned = vi.fn();
  const client = createApiClient({
    fetch: async () =>
      new Response(JSON.stringify({ message: 'Forbidden.', code }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    getLocale: () => 'en',
    getCookie: () => null,
    onBuildKey: () => undefined,
    toast: (text) => toasts.push(text),
    translate,
    now: () => 0,
    onSanctioned,
  });
  return { client, toasts, onSanctioned };
}

describe('a call refused by my own sanction', () => {
  it('banned: the app is told (it shows /banned) and the toast says so', async () => {
    const { client, toasts, onSanctioned } = clientAnswering('banned');
    await expect(client.post('/api/room/1/message', {})).rejects.toMatchObject({ code: 'banned' });
    expect(onSanctioned).toHaveBeenCalledWith('banned');
    expect(toasts).toEqual([translate('errors:banned', 'en')]);
  });

  it('gagged: the toast says why writing failed', async () => {
    const { client, toasts, onSanctioned } = clientAnswering('gagged');
    await expect(client.post('/api/im/1/messages', {})).rejects.toMatchObject({ code: 'gagged' });
    expect(onSanctioned).toHaveBeenCalledWith('gagged');
    expect(toasts[0]).toContain('may not write');
  });

  it('another 403 is no sanction', async () => {
    const { client, onSanctioned } = clientAnswering('forbidden');
    await expect(client.post('/api/x', {})).rejects.toMatchObject({ status: 403 });
    expect(onSanctioned).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createChannelAuthorizer, type ChannelAuthDeps } from './channel-auth';

function setup(overrides: Partial<ChannelAuthDeps> = {}) {
  const failures: [string, number][] = [];
  const fetchMock = vi.fn<typeof fetch>(
    async () => new Response(JSON.stringify({ auth: 'key:sig', channel_data: '{}' })),
  );
  const authorize = createChannelAuthorizer({
    endpoint: '/api/broadcasting/auth',
    fetch: fetchMock,
    getCookie: (name) => (name === 'XSRF-TOKEN' ? 'xsrf' : null),
    getApiToken: () => null,
    getLocale: () => 'en',
    onFailure: (channel, status) => failures.push([channel, status]),
    ...overrides,
  });
  const run = (channelName: string) =>
    new Promise<[Error | null, unknown]>((resolve) =>
      authorize({ socketId: '1.2', channelName }, (error, data) => resolve([error, data])),
    );
  return { fetchMock, failures, run };
}

describe('channel authorization', () => {
  it('posts the socket and channel with the session cookie and the XSRF header', async () => {
    const { fetchMock, run } = setup();
    expect(await run('presence-room.1')).toEqual([null, { auth: 'key:sig', channel_data: '{}' }]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/broadcasting/auth');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe(JSON.stringify({ socket_id: '1.2', channel_name: 'presence-room.1' }));
    expect(init?.headers).toMatchObject({ 'X-XSRF-TOKEN': 'xsrf', 'X-Socket-ID': '1.2' });
  });

  it('falls back to the Bearer token when there is no XSRF cookie', async () => {
    const { fetchMock, run } = setup({ getCookie: () => null, getApiToken: () => 'tok' });
    await run('private-chat');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer tok' });
  });

  it('reports a refusal or a lost network with its status, and fails the subscription', async () => {
    const refused = setup({ fetch: async () => new Response('{}', { status: 403 }) });
    const [error] = await refused.run('presence-room.9');
    expect(error).toBeInstanceOf(Error);
    expect(refused.failures).toEqual([['presence-room.9', 403]]);

    const offline = setup({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await offline.run('private-user.7');
    expect(offline.failures).toEqual([['private-user.7', 0]]);
  });
});

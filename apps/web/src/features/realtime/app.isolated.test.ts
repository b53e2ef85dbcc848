import type { InitData, UserData } from '@chat/shared';
import type { ChannelAuthorizationHandler } from 'pusher-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeRoomDetail } from '../../test/chat-store-kit';
import { FakePusher } from '../../test/pusher-fake';

const created: { pusher: FakePusher; authorize: ChannelAuthorizationHandler }[] = [];
vi.mock('./pusher', () => ({
  createPusher: (_config: unknown, authorize: ChannelAuthorizationHandler) => {
    const pusher = new FakePusher();
    created.push({ pusher, authorize });
    return pusher;
  },
}));

// Each test takes fresh modules: the stores and the connection are per page load.
beforeEach(() => {
  vi.resetModules();
  created.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

async function start(user: { id: number } | null) {
  const { startRealtime, stopRealtime } = await import('./app');
  const { useSessionStore } = await import('../session/store');
  const { useChatStore } = await import('../chat/store');
  const { useRealtimeStore } = await import('./store');
  const { useToastsStore } = await import('../toasts/store');
  const { api } = await import('../../lib/api');
  const { chatRealtime } = await import('./port');
  if (user) useSessionStore.setState({ userData: userData(user.id) });
  startRealtime(init());
  const { pusher, authorize } = created[0]!;
  return {
    stopRealtime,
    useSessionStore,
    useChatStore,
    useRealtimeStore,
    useToastsStore,
    api,
    chatRealtime,
    pusher,
    authorize,
  };
}

function init(): InitData {
  return {
    fonts: [],
    gif_categories: [],
    storage: '/storage',
    trolls: [4],
    user: null,
    broadcasting: {
      key: 'key',
      ws_host: 'localhost',
      ws_port: 8080,
      force_tls: false,
      auth_endpoint: '/api/broadcasting/auth',
    },
  };
}

function userData(id: number): UserData {
  return {
    user: { id, slug: `u${id}`, nick: { nick: `U${id}` }, roles: ['user'] },
    settings: { mute: true, notification_volume: 0.3 },
    ignored_users: [9],
    quotes: [],
    counters: { im_unread_count: 2, unread_notifications: 0 },
  } as unknown as UserData;
}

describe('realtime app wiring', () => {
  it('connects common and the user channels, and seeds the chat from init and the session', async () => {
    const app = await start({ id: 7 });
    expect([...app.pusher.channels.keys()]).toEqual(['common', 'private-chat', 'private-user.7']);
    expect(app.useRealtimeStore.getState().state).toBe('connecting');
    const chat = app.useChatStore.getState();
    expect([...chat.trolls]).toEqual([4]);
    expect([...chat.ignoredUsers]).toEqual([9]);
    expect(chat.settings.mute).toBe(true);
    app.stopRealtime();
  });

  it('keeps the socket id in the store and sends it with every API call', async () => {
    const app = await start(null);
    app.pusher.connect('123.456');
    expect(app.useRealtimeStore.getState()).toMatchObject({
      state: 'connected',
      socketId: '123.456',
    });
    const fetchMock = vi.fn(async () => new Response('{"data":{}}'));
    vi.stubGlobal('fetch', fetchMock);
    await app.api.get('/api/chat');
    const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers;
    expect(headers).toMatchObject({ 'X-Socket-ID': '123.456' });
    app.stopRealtime();
  });

  it('catches a room up on every (re)subscription, flushes the outbox on connect; UpdateRequired asks for an update', async () => {
    const app = await start({ id: 7 });
    const resync = vi.fn(async () => undefined);
    const flushOutbox = vi.fn(async () => undefined);
    app.useChatStore.setState({ resync, flushOutbox });
    app.chatRealtime.syncRooms([3]);
    app.pusher.connect('1.1');
    expect(flushOutbox).toHaveBeenCalledTimes(1);
    // Messages posted between the room's snapshot and the subscription reached no socket.
    app.pusher.channel('presence-room.3').emit('pusher:subscription_succeeded', {});
    expect(resync.mock.calls).toEqual([[[3]]]);
    app.pusher.connection.set('unavailable');
    app.pusher.connect('2.2');
    expect(flushOutbox).toHaveBeenCalledTimes(2);
    // On the reconnect every room catches up at once (before the outbox lands)...
    expect(resync.mock.calls).toEqual([[[3]], []]);
    // ...and again when pusher-js has subscribed the room anew.
    app.pusher.channel('presence-room.3').emit('pusher:subscription_succeeded', {});
    expect(resync.mock.calls).toEqual([[[3]], [], [[3]]]);
    app.chatRealtime.syncRooms([]);

    app.pusher.channel('common').emit('UpdateRequired', { build_key: 'b2' });
    expect(app.useSessionStore.getState().isUpdateRequired).toBe(true);
    app.stopRealtime();
  });

  it('signing out leaves the private channels and forgets the rooms', async () => {
    const app = await start({ id: 7 });
    app.useChatStore.setState({
      status: 'ready',
      rooms: { rooms: [makeRoomDetail({ id: 1 })], available: [], currentRoomId: 1 },
    });
    app.useSessionStore.getState().logout();
    expect([...app.pusher.channels.keys()]).toEqual(['common']);
    expect(app.useChatStore.getState().status).toBe('idle');
    expect(app.useChatStore.getState().rooms.rooms).toEqual([]);
    expect(app.useChatStore.getState().ignoredUsers.size).toBe(0);
    app.stopRealtime();
  });

  it('alerts until closed when a room I hold cannot be signed; a 403 just drops the room', async () => {
    const app = await start({ id: 7 });
    app.useChatStore.setState({
      rooms: {
        rooms: [makeRoomDetail({ id: 1 }), makeRoomDetail({ id: 2 })],
        available: [],
        currentRoomId: 1,
      },
    });
    const authorizeWith = (status: number, channelName: string) => {
      vi.stubGlobal('fetch', async () => new Response('{}', { status }));
      return new Promise<void>((resolve) =>
        app.authorize({ socketId: '1.1', channelName }, () => resolve()),
      );
    };
    await authorizeWith(401, 'presence-room.1');
    await authorizeWith(401, 'presence-room.1');
    await authorizeWith(403, 'private-user.7');
    const toasts = app.useToastsStore.getState().toasts;
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ variant: 'danger', autohideMs: null });

    await authorizeWith(403, 'presence-room.2');
    expect(app.useChatStore.getState().rooms.rooms.map((r) => r.id)).toEqual([1]);
    expect(app.useToastsStore.getState().toasts).toHaveLength(1);
    app.stopRealtime();
  });
});

import type { InitData, Profile, UserData } from '@chat/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeNick, makePublicUser } from '../../../../../packages/shared/src/test/chat-fixtures';
import { makeImChannel, makeImUser } from '../../test/im-kit';
import { makeProfile } from '../../test/profiles-kit';
import { makeRoomDetail, makeRoomUser } from '../../test/chat-store-kit';
import { FakePusher } from '../../test/pusher-fake';

const created: FakePusher[] = [];
vi.mock('./pusher', () => ({
  createPusher: () => {
    const pusher = new FakePusher();
    created.push(pusher);
    return pusher;
  },
}));

beforeEach(() => {
  vi.resetModules();
  created.length = 0;
});

function userData(id: number): UserData {
  return {
    user: makePublicUser({ id, nick: makeNick(`U${id}`) }),
    frame: null,
    settings: { mute: true, notification_volume: 0.3, show_gradients: true },
    ignored_users: [],
    quotes: [],
    counters: { im_unread_count: 2, unread_notifications: 0 },
  } as unknown as UserData;
}

const init = {
  fonts: [],
  gif_categories: [],
  storage: '/storage',
  trolls: [],
  user: null,
  broadcasting: {
    key: 'key',
    ws_host: 'localhost',
    ws_port: 8080,
    force_tls: false,
    auth_endpoint: '/api/broadcasting/auth',
  },
} as InitData;

async function start() {
  const { startRealtime, stopRealtime } = await import('./app');
  const { useSessionStore } = await import('../session/store');
  const { useChatStore } = await import('../chat/store');
  const { useImStore } = await import('../im/store');
  const { queryClient } = await import('../../app/query-client');
  const { profileKeys } = await import('../profiles/api');
  const { useUserCache, withLive } = await import('../../shared/users/user-cache');
  useSessionStore.setState({ userData: userData(7) });
  startRealtime(init);
  return {
    stopRealtime,
    useSessionStore,
    useChatStore,
    useImStore,
    queryClient,
    profileKeys,
    useUserCache,
    withLive,
    emit: (event: string, data: unknown) => created[0]!.channel('private-chat').emit(event, data),
  };
}

describe('identity events reach every place that shows the user', () => {
  it('restyles me in the navbar (session) without re-reading my counters', async () => {
    const app = await start();
    app.useImStore.setState({ unreadTotal: 5 });
    app.emit('UserNickUpdated', { user_id: 7, nick: { ...makeNick('Seven'), color: '#112233' } });
    app.emit('AvatarUpdated', { user_id: 7, avatar: '/storage/7.webp' });
    app.emit('UserFrameUpdated', { userId: 7, frame: '/assets/frames/2.png' });
    const me = app.useSessionStore.getState().userData;
    expect(me?.user.nick.nick).toBe('Seven');
    expect(me?.user.avatar).toBe('/storage/7.webp');
    expect(me?.frame).toBe('/assets/frames/2.png');
    // The live unread count is not reset to the user data's older one.
    expect(app.useImStore.getState().unreadTotal).toBe(5);
    app.emit('AvatarRemoved', { user_id: 7 });
    expect(app.useSessionStore.getState().userData?.user.avatar).toBeNull();
    app.stopRealtime();
  });

  it('restyles another user once, in the user cache the chat, messenger and profiles read', async () => {
    const app = await start();
    const rooms = {
      rooms: [makeRoomDetail({ id: 1, users: [makeRoomUser({ id: 3, nick: 'Anna' })] })],
      available: [],
      currentRoomId: 1,
    };
    app.useChatStore.setState({ rooms });
    const channel = makeImChannel({ id: 1, user: makeImUser(3) });
    app.useImStore.setState({ channels: { 1: channel } });
    const key = app.profileKeys.one('anna', 7);
    const profile = makeProfile();
    app.queryClient.setQueryData<Profile>(key, profile);
    const live = <U extends { id: number }>(user: U) =>
      app.withLive(user, app.useUserCache.getState().users.get(user.id));

    app.emit('UserNickUpdated', { user_id: 3, nick: makeNick('Anya') });
    const roomUser = app.useChatStore.getState().rooms.rooms[0]?.users[0]?.user;
    expect(roomUser && live(roomUser).nick.nick).toBe('Anya');
    expect(live(channel.user).nick.nick).toBe('Anya');
    app.emit('UserUpdated', { user: makePublicUser({ id: 3, slug: 'anna', premium: true }) });
    expect(live(profile.user).premium).toBe(true);
    expect(live(channel.user).premium).toBe(true);
    // The answers the stores hold are not walked: they stay as they came.
    expect(app.useChatStore.getState().rooms).toBe(rooms);
    expect(app.useImStore.getState().channels[1]).toBe(channel);
    expect(app.queryClient.getQueryData<Profile>(key)).toBe(profile);
    // Not me: the session is untouched.
    expect(app.useSessionStore.getState().userData?.user.nick.nick).toBe('U7');
    app.stopRealtime();
  });
});

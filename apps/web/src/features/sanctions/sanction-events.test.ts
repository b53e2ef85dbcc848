import type { MyBan } from '@chat/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/api-kit';
import {
  loadRooms,
  makeHarness,
  makeMessage,
  makeMessageUser,
  makeRoomDetail,
  makeRoomUser,
  ME,
  type Harness,
} from '../../test/chat-store-kit';
import { createDispatcher, type DispatchTargets } from '../realtime/dispatcher';
import type { IdentityEventActions } from '../realtime/identity-events';
import { useSessionStore } from '../session/store';
import { makeUserData } from '../../test/chat-kit';
import { refreshMyBan } from './my-ban';
import { createSanctionEvents } from './sanction-events';
import { makeBan } from '../../test/sanctions-kit';

const server = {
  get: vi.fn<(path: string, options?: unknown) => Promise<{ data: unknown }>>(),
  post: vi.fn(),
  request: vi.fn(),
};
fakeApi(server);

/** Every store but the chat and the sanctions is one that nobody should reach here. */
const untouched = () => {
  throw new Error('unexpected store');
};

function setup(h: Harness) {
  const sanctions = createSanctionEvents({
    me: () => useSessionStore.getState().userData,
    refreshMyBan,
    chat: () => h.store.getState(),
  });
  const identity = { userUpdated: () => undefined } as unknown as IdentityEventActions;
  const known: Partial<DispatchTargets> = {
    chat: () => h.store.getState(),
    identity: () => identity,
    sanctions: () => sanctions,
  };
  const targets = new Proxy(known, {
    get: (target, name: keyof DispatchTargets) => target[name] ?? untouched,
  }) as DispatchTargets;
  return createDispatcher(targets);
}

const from = (id: number) => makeMessageUser({ id });

async function chatWithAnna(): Promise<Harness> {
  const h = makeHarness();
  await loadRooms(h, [
    makeRoomDetail({
      id: 1,
      messages: [makeMessage({ id: 10, user: from(3) }), makeMessage({ id: 11, user: from(4) })],
      users: [makeRoomUser({ id: ME.id }), makeRoomUser({ id: 3 }), makeRoomUser({ id: 4 })],
    }),
    makeRoomDetail({
      id: 2,
      messages: [makeMessage({ id: 20, room_id: 2, user: from(3) })],
      users: [makeRoomUser({ id: 3 })],
    }),
  ]);
  return h;
}

const rooms = (h: Harness) =>
  h.store.getState().rooms.rooms.map((r) => ({
    id: r.id,
    messages: r.messages.map((m) => m.id),
    users: r.users.map((u) => u.user.id),
  }));

beforeEach(() => {
  server.get.mockReset();
  useSessionStore.setState({ userData: makeUserData({ id: ME.id }) });
});

describe('UserBanned', () => {
  it('on me: reads GET /api/my/ban and keeps the gag or ban in the session', async () => {
    const h = await chatWithAnna();
    const gag = makeBan({ id: 5, user_id: ME.id, type: 'gag', type_id: 1 });
    const answer: MyBan = { gag, ban: null };
    server.get.mockResolvedValue({ data: answer });
    const dispatcher = setup(h);
    const event = { id: 5, user_id: ME.id, type: 'gag', type_id: 1, expires_at: gag.expires_at };
    expect(dispatcher.server('private-chat', 'UserBanned', event)).toBe(true);
    await vi.waitFor(() => expect(useSessionStore.getState().userData?.gag).toEqual(gag));
    expect(server.get).toHaveBeenCalledWith('/api/my/ban', { silent: true });
    // My own messages and rooms stay: the spec only sets the sanction for the current user.
    expect(rooms(h)[0]?.messages).toEqual([10, 11]);
  });

  it('on another user: their messages leave every room, they stay in the lists', async () => {
    const h = await chatWithAnna();
    const dispatcher = setup(h);
    dispatcher.server('private-chat', 'UserBanned', {
      id: 6,
      user_id: 3,
      type: 'ban',
      type_id: 2,
      expires_at: null,
    });
    expect(rooms(h)).toEqual([
      { id: 1, messages: [11], users: [ME.id, 3, 4] },
      { id: 2, messages: [], users: [3] },
    ]);
    expect(server.get).not.toHaveBeenCalled();
  });

  it('a full ban also takes them out of every room', async () => {
    const h = await chatWithAnna();
    setup(h).server('private-chat', 'UserBanned', {
      id: 7,
      user_id: 3,
      type: 'full_ban',
      type_id: 3,
      expires_at: null,
    });
    expect(rooms(h)).toEqual([
      { id: 1, messages: [11], users: [ME.id, 4] },
      { id: 2, messages: [], users: [] },
    ]);
  });
});

describe('UserUpdated', () => {
  it('about me while sanctioned: the sanction is read again (it ended)', async () => {
    const h = await chatWithAnna();
    useSessionStore
      .getState()
      .setSanctions({ gag: makeBan({ user_id: ME.id, type: 'gag' }), ban: null });
    server.get.mockResolvedValue({ data: { gag: null, ban: null } });
    const me = useSessionStore.getState().userData!.user;
    setup(h).server('private-chat', 'UserUpdated', { user: me });
    await vi.waitFor(() => expect(useSessionStore.getState().userData?.gag).toBeNull());
  });

  it('about me unsanctioned, or about someone else: nothing is read', async () => {
    const h = await chatWithAnna();
    const dispatcher = setup(h);
    dispatcher.server('private-chat', 'UserUpdated', {
      user: useSessionStore.getState().userData!.user,
    });
    dispatcher.server('private-chat', 'UserUpdated', { user: makeMessageUser({ id: 3 }) });
    expect(server.get).not.toHaveBeenCalled();
  });
});

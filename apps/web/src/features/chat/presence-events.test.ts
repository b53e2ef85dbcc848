import { describe, expect, it } from 'vitest';
import {
  loadRooms,
  makeHarness,
  makeMessage,
  makeMessageUser,
  makeRoomDetail,
  makeRoomUser,
  ME,
} from '../../test/chat-store-kit';
import { makeRoomSummary } from '../../../../../packages/shared/src/test/chat-fixtures';

const usersOf = (h: ReturnType<typeof makeHarness>, roomId: number) =>
  h.store
    .getState()
    .rooms.rooms.find((r) => r.id === roomId)
    ?.users.map((u) => u.user.id);

describe('presence events', () => {
  it('takes someone whose last tab closed off the list, and brings them back when they return', async () => {
    const h = makeHarness();
    await loadRooms(h, [
      makeRoomDetail({ id: 1, users: [makeRoomUser({ id: ME.id }), makeRoomUser({ id: 3 })] }),
    ]);
    h.store.getState().userWentOffline({ room_id: 1, user_id: 3 });
    expect(usersOf(h, 1)).toEqual([ME.id]);
    // The room is still mine, and I stay on my own list whatever a stale event says.
    h.store.getState().userWentOffline({ room_id: 1, user_id: ME.id });
    expect(usersOf(h, 1)).toEqual([ME.id]);
    h.store.getState().userEntered({ room_id: 1, user: makeRoomUser({ id: 3 }) });
    expect(usersOf(h, 1)).toEqual([ME.id, 3]);
  });

  it('lists a new public room in the room menu, once, and never a room I am in', async () => {
    const h = makeHarness();
    await loadRooms(h, [makeRoomDetail({ id: 1 })]);
    h.store.getState().roomAvailable({ room: makeRoomSummary({ id: 9 }) });
    h.store.getState().roomAvailable({ room: makeRoomSummary({ id: 9 }) });
    h.store.getState().roomAvailable({ room: makeRoomSummary({ id: 1 }) });
    expect(h.store.getState().rooms.available.map((r) => r.id)).toEqual([9]);
  });

  it('rings for a guest who mentions me while guests are hidden', async () => {
    const h = makeHarness();
    await loadRooms(h, [makeRoomDetail({ id: 1 })]);
    h.store.getState().messageStored(
      makeMessage({
        id: 50,
        room_id: 1,
        user: makeMessageUser({ id: 70, roles: ['guest'] }),
        nicks: [{ nick: ME.nick, user_id: ME.id }],
      }),
    );
    expect(h.sounds).toHaveLength(1);
  });
});

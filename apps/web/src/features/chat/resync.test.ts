import { MESSAGES_AFTER_MAX } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import {
  idsOf,
  loadRooms,
  makeHarness,
  makeMessage,
  makeMessageUser,
  makeRoomDetail,
  ME,
} from '../../test/chat-store-kit';

const msgs = (ids: number[], roomId = 1, userId = 3) =>
  ids.map((id) => makeMessage({ id, room_id: roomId, user: makeMessageUser({ id: userId }) }));

describe('resync after a reconnect', () => {
  it('asks each room for what came after its last message and merges it with no double', async () => {
    const h = makeHarness();
    await loadRooms(h, [
      makeRoomDetail({ id: 1, messages: msgs([10, 11]) }),
      makeRoomDetail({ id: 2, messages: [] }),
    ]);
    // 12 came by the socket just before the drop; the server's answer repeats it.
    h.store.getState().messageStored(msgs([12])[0]!);
    h.api.messagesAfter.mockImplementation(async (roomId) =>
      roomId === 1 ? msgs([12, 13, 14]) : msgs([5], 2),
    );
    await h.store.getState().resync();
    expect(h.api.messagesAfter.mock.calls).toEqual([
      [1, 12],
      [2, 0],
    ]);
    expect(idsOf(h, 1)).toEqual([10, 11, 12, 13, 14]);
    expect(idsOf(h, 2)).toEqual([5]);
    // Room 1 is on screen; room 2 counts what it missed.
    expect(h.store.getState().rooms.rooms.map((r) => r.unread)).toEqual([0, 1]);
  });

  it('keeps what was missed, counts only what the viewer sees, and rings once for mentions', async () => {
    const h = makeHarness();
    h.store.getState().hydrate({ trolls: [4] });
    await loadRooms(h, [makeRoomDetail({ id: 1, messages: msgs([10]) })]);
    const mention = { nicks: [{ nick: ME.nick, user_id: ME.id }] };
    h.api.messagesAfter.mockResolvedValueOnce([
      makeMessage({ id: 11, user: makeMessageUser({ id: 4 }) }),
      makeMessage({ id: 12, ...mention }),
      makeMessage({ id: 13, ...mention }),
    ]);
    await h.store.getState().resync();
    expect(idsOf(h, 1)).toEqual([10, 11, 12, 13]);
    expect(h.sounds).toHaveLength(1);
  });

  it('takes my own message stored before the drop out of the outbox', async () => {
    const h = makeHarness({ connected: false });
    await loadRooms(h, [makeRoomDetail({ id: 1, messages: msgs([10]) })]);
    h.store.getState().sendMessage(1, 'hi', []);
    const stored = makeMessage({
      id: 11,
      client_id: 'client-0001',
      user: makeMessageUser({ id: ME.id }),
    });
    h.api.messagesAfter.mockResolvedValueOnce([stored]);
    await h.store.getState().resync();
    expect(h.store.getState().pending[1]).toEqual([]);
    expect(idsOf(h, 1)).toEqual([10, 11]);
  });

  it('takes the newest page instead when the gap is longer than one answer', async () => {
    const h = makeHarness();
    await loadRooms(h, [makeRoomDetail({ id: 1, messages: msgs([10]) })]);
    h.api.messagesAfter.mockResolvedValueOnce(
      msgs(Array.from({ length: MESSAGES_AFTER_MAX }, (_, i) => 11 + i)),
    );
    h.api.latestMessages.mockResolvedValueOnce(msgs([900, 901]));
    await h.store.getState().resync();
    expect(idsOf(h, 1)).toEqual([900, 901]);
  });

  it('survives a room whose catch-up fails', async () => {
    const h = makeHarness();
    await loadRooms(h, [makeRoomDetail({ id: 1 }), makeRoomDetail({ id: 2 })]);
    h.api.messagesAfter.mockImplementation(async (roomId) => {
      if (roomId === 1) throw new Error('offline again');
      return msgs([3], 2);
    });
    await h.store.getState().resync();
    expect(idsOf(h, 2)).toEqual([3]);
  });
});

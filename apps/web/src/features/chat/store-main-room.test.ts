import { describe, expect, it } from 'vitest';
import { makeRoomSummary } from '../../../../../packages/shared/src/test/chat-fixtures';
import { ApiError } from '../../lib/api-error';
import { makeHarness, makeRoomDetail } from '../../test/chat-store-kit';

const lobby = () => ({
  rooms: [],
  available: [makeRoomSummary({ id: 5 }), makeRoomSummary({ id: 6 })],
  main_room_id: 5,
});

describe('chat store: the main room', () => {
  it('enters the main room when the chat opens in no room, and keeps the others to pick', async () => {
    const h = makeHarness();
    h.api.chat.mockResolvedValueOnce(lobby());
    await h.store.getState().load();
    expect(h.api.enterRoom).toHaveBeenCalledWith(5);
    const { rooms } = h.store.getState();
    expect(rooms.rooms.map((r) => r.id)).toEqual([5]);
    expect(rooms.currentRoomId).toBe(5);
    expect(rooms.available.map((r) => r.id)).toEqual([6]);
    expect(h.realtime.rooms).toEqual([5]);
  });

  it('does not enter it when the user is already in a room, or the site has none', async () => {
    const h = makeHarness();
    h.api.chat.mockResolvedValueOnce({ ...lobby(), rooms: [makeRoomDetail({ id: 6 })] });
    await h.store.getState().load();
    h.api.chat.mockResolvedValueOnce({ ...lobby(), main_room_id: null });
    await h.store.getState().load();
    expect(h.api.enterRoom).not.toHaveBeenCalled();
  });

  it('stays in no room after leaving the last one, until the chat is opened again', async () => {
    const h = makeHarness();
    h.api.chat.mockResolvedValueOnce(lobby());
    await h.store.getState().load();
    await h.store.getState().leaveRoom(5);
    expect(h.store.getState().rooms.rooms).toEqual([]);
    expect(h.api.enterRoom).toHaveBeenCalledTimes(1);
    // The next visit (or "back to the chat" after leaving it) enters the main room again.
    h.api.chat.mockResolvedValueOnce(lobby());
    await h.store.getState().load();
    expect(h.api.enterRoom).toHaveBeenCalledTimes(2);
    expect(h.store.getState().rooms.currentRoomId).toBe(5);
  });

  it('shows the picker when the main room will not let the user in', async () => {
    const h = makeHarness();
    h.api.chat.mockResolvedValueOnce(lobby());
    h.api.enterRoom.mockRejectedValueOnce(new ApiError(404, 'Not found.'));
    await h.store.getState().load();
    const s = h.store.getState();
    expect(s.status).toBe('ready');
    expect(s.rooms.rooms).toEqual([]);
    expect(s.rooms.available.map((r) => r.id)).toEqual([5, 6]);
  });
});

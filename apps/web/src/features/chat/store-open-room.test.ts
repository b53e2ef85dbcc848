import { describe, expect, it } from 'vitest';
import { makeRoomSummary } from '../../../../../packages/shared/src/test/chat-fixtures';
import { ApiError } from '../../lib/api-error';
import { makeHarness, makeRoomDetail } from '../../test/chat-store-kit';

const lobby = (mine: number[] = []) => ({
  rooms: mine.map((id, i) => makeRoomDetail({ id, position: i + 1 })),
  available: [makeRoomSummary({ id: 5 }), makeRoomSummary({ id: 6 }), makeRoomSummary({ id: 7 })],
  main_room_id: 5,
});

describe('chat store: the room a link or the last visit asks for', () => {
  it('enters a linked room instead of the main room, and shows it', async () => {
    const h = makeHarness();
    h.api.chat.mockResolvedValueOnce(lobby());
    h.api.enterRoom.mockImplementation(async (id: number) => makeRoomDetail({ id }));
    await h.store.getState().load({ roomId: 7, enter: true });
    expect(h.api.enterRoom.mock.calls).toEqual([[7]]);
    const { rooms } = h.store.getState();
    expect(rooms.rooms.map((r) => r.id)).toEqual([7]);
    expect(rooms.currentRoomId).toBe(7);
    expect(rooms.available.map((r) => r.id)).toEqual([5, 6]);
  });

  it('shows a linked room I am in without entering it again', async () => {
    const h = makeHarness();
    h.api.chat.mockResolvedValueOnce(lobby([5, 6]));
    await h.store.getState().load({ roomId: 6, enter: true });
    expect(h.api.enterRoom).not.toHaveBeenCalled();
    expect(h.store.getState().rooms.currentRoomId).toBe(6);
  });

  it('opens the chat as usual when the linked room will not let me in', async () => {
    const h = makeHarness();
    h.api.chat.mockResolvedValueOnce(lobby());
    h.api.enterRoom.mockImplementation(async (id: number) => {
      if (id === 9) throw new ApiError(404, 'Not found.');
      return makeRoomDetail({ id });
    });
    await h.store.getState().load({ roomId: 9, enter: true });
    const s = h.store.getState();
    expect(s.status).toBe('ready');
    expect(s.rooms.rooms.map((r) => r.id)).toEqual([5]);
    expect(s.rooms.currentRoomId).toBe(5);
  });

  it('returns to the last room seen only while it is still mine', async () => {
    const h = makeHarness();
    h.api.chat.mockResolvedValueOnce(lobby([5, 6]));
    await h.store.getState().load({ roomId: 6, enter: false });
    expect(h.store.getState().rooms.currentRoomId).toBe(6);
    h.api.chat.mockResolvedValueOnce(lobby([5]));
    await h.store.getState().load({ roomId: 6, enter: false });
    expect(h.api.enterRoom).not.toHaveBeenCalled();
    expect(h.store.getState().rooms.currentRoomId).toBe(5);
  });

  it('opens a room followed by a link inside the site: selected if mine, else entered', async () => {
    const h = makeHarness();
    h.api.chat.mockResolvedValueOnce(lobby([5, 6]));
    await h.store.getState().load();
    await h.store.getState().openRoom(6);
    expect(h.store.getState().rooms.currentRoomId).toBe(6);
    expect(h.api.enterRoom).not.toHaveBeenCalled();
    h.api.enterRoom.mockImplementation(async (id: number) => makeRoomDetail({ id }));
    await h.store.getState().openRoom(7);
    expect(h.store.getState().rooms.currentRoomId).toBe(7);
    expect(h.api.enterRoom.mock.calls).toEqual([[7]]);
  });
});

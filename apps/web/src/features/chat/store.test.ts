import { MESSAGES_PAGE } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import {
  deferred,
  idsOf,
  loadRooms,
  makeHarness,
  makeMessage,
  makeRoomDetail,
  makeRoomUser,
  ME,
} from '../../test/chat-store-kit';
import { TYPING_THROTTLE_MS } from './member-actions';

const page = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => makeMessage({ id: from + i }));

describe('chat store: loading', () => {
  it('loads my rooms in order, subscribes each room, and makes the first one current', async () => {
    const h = makeHarness();
    await loadRooms(h, [
      makeRoomDetail({ id: 2, position: 2 }),
      makeRoomDetail({ id: 1, position: 1, messages: page(1, MESSAGES_PAGE) }),
    ]);
    const s = h.store.getState();
    expect(s.status).toBe('ready');
    expect(s.rooms.rooms.map((r) => r.id)).toEqual([1, 2]);
    expect(s.rooms.currentRoomId).toBe(1);
    expect(h.realtime.rooms).toEqual([1, 2]);
    // A full first page means there is more to scroll up to; a short one means there is not.
    expect(s.hasOlder).toEqual({ 1: true, 2: false });
  });

  it('shares one request between two callers and reports a failure as the error status', async () => {
    const h = makeHarness();
    const answer = deferred<{ rooms: never[]; available: never[]; main_room_id: null }>();
    h.api.chat.mockReturnValueOnce(answer.promise);
    const first = h.store.getState().load();
    const second = h.store.getState().load();
    expect(h.api.chat).toHaveBeenCalledTimes(1);
    answer.resolve({ rooms: [], available: [], main_room_id: null });
    await Promise.all([first, second]);

    h.api.chat.mockRejectedValueOnce(new ApiError(500, 'Server error'));
    await expect(h.store.getState().load()).rejects.toThrow('Server error');
    expect(h.store.getState().status).toBe('error');
  });

  it('marks the current room read on the server when it arrives with unread messages', async () => {
    const h = makeHarness();
    await loadRooms(h, [makeRoomDetail({ id: 1, unread: 3 }), makeRoomDetail({ id: 2 })]);
    expect(h.api.showRoom).toHaveBeenCalledWith(1);
    await Promise.resolve();
    expect(h.store.getState().rooms.rooms[0]?.unread).toBe(0);
  });

  it('takes settings, ignored users, quotes and trolls from the session, and forgets on reset', async () => {
    const h = makeHarness();
    h.store.getState().hydrate({ ignored_users: [3], quotes: [10], trolls: [4] });
    await loadRooms(h, [makeRoomDetail({ id: 1 })]);
    expect([...h.store.getState().ignoredUsers]).toEqual([3]);
    expect([...h.store.getState().quotedMessageIds]).toEqual([10]);
    h.store.getState().reset();
    const s = h.store.getState();
    expect(s.status).toBe('idle');
    expect(s.rooms.rooms).toEqual([]);
    expect(s.ignoredUsers.size).toBe(0);
    expect([...s.trolls]).toEqual([4]);
    expect(h.realtime.rooms).toEqual([]);
  });
});

describe('chat store: rooms', () => {
  it('enters a room: it joins my list, becomes current and is subscribed', async () => {
    const h = makeHarness();
    await loadRooms(h, [makeRoomDetail({ id: 1 })]);
    h.api.enterRoom.mockResolvedValueOnce(makeRoomDetail({ id: 5, messages: page(1, 10) }));
    await h.store.getState().enterRoom(5);
    const s = h.store.getState();
    expect(s.rooms.rooms.map((r) => r.id)).toEqual([1, 5]);
    expect(s.rooms.currentRoomId).toBe(5);
    expect(h.realtime.rooms).toEqual([1, 5]);
    expect(s.hasOlder[5]).toBe(false);
  });

  it('leaves a room: back to the available list, unsubscribed, the first room current again', async () => {
    const h = makeHarness();
    const users = [makeRoomUser({ id: ME.id }), makeRoomUser({ id: 2 }), makeRoomUser({ id: 3 })];
    await loadRooms(h, [makeRoomDetail({ id: 1 }), makeRoomDetail({ id: 2, users })]);
    h.api.showRoom.mockResolvedValueOnce(makeRoomDetail({ id: 2, users }));
    await h.store.getState().selectRoom(2);
    await h.store.getState().leaveRoom(2);
    const s = h.store.getState();
    expect(h.api.leaveRoom).toHaveBeenCalledWith(2);
    expect(s.rooms.rooms.map((r) => r.id)).toEqual([1]);
    expect(s.rooms.available).toEqual([expect.objectContaining({ id: 2, users_count: 2 })]);
    expect(s.rooms.currentRoomId).toBe(1);
    expect(h.realtime.rooms).toEqual([1]);
  });

  it('selecting a room resets its unread count and asks the server for it', async () => {
    const h = makeHarness();
    await loadRooms(h, [makeRoomDetail({ id: 1 }), makeRoomDetail({ id: 2, unread: 4 })]);
    h.store.getState().messageStored(makeMessage({ id: 50, room_id: 2 }));
    expect(h.store.getState().rooms.rooms[1]?.unread).toBe(5);
    h.api.showRoom.mockResolvedValueOnce(
      makeRoomDetail({ id: 2, messages: [makeMessage({ id: 49, room_id: 2 })] }),
    );
    const selecting = h.store.getState().selectRoom(2);
    // At once, before the server answers: the user is looking at it.
    expect(h.store.getState().rooms.currentRoomId).toBe(2);
    expect(h.store.getState().rooms.rooms[1]?.unread).toBe(0);
    await selecting;
    expect(h.api.showRoom).toHaveBeenCalledWith(2);
    expect(idsOf(h, 2)).toEqual([49, 50]);
  });

  it('leaving the chat clears every room and user', async () => {
    const h = makeHarness();
    await loadRooms(h, [makeRoomDetail({ id: 1, users: [makeRoomUser({ id: 2 })] })]);
    h.store.getState().sendMessage(1, 'hi', []);
    await h.store.getState().leaveChat();
    const s = h.store.getState();
    expect(s.rooms).toEqual({ rooms: [], available: [], currentRoomId: null });
    expect(s.pending).toEqual({});
    expect(s.status).toBe('idle');
    expect(h.realtime.rooms).toEqual([]);
  });

  it('reorders rooms at once and puts them back when the server refuses', async () => {
    const h = makeHarness();
    await loadRooms(h, [makeRoomDetail({ id: 1 }), makeRoomDetail({ id: 2 })]);
    await h.store.getState().reorderRooms([2, 1]);
    expect(h.api.sortRooms).toHaveBeenCalledWith({ 2: 1, 1: 2 });
    expect(h.store.getState().rooms.rooms.map((r) => r.id)).toEqual([2, 1]);
    h.api.sortRooms.mockRejectedValueOnce(new ApiError(500, 'no'));
    await expect(h.store.getState().reorderRooms([1, 2])).rejects.toThrow('no');
    expect(h.store.getState().rooms.rooms.map((r) => r.id)).toEqual([2, 1]);
  });
});

describe('chat store: history', () => {
  it('prepends an older page and stops when a page is short', async () => {
    const h = makeHarness();
    await loadRooms(h, [makeRoomDetail({ id: 1, messages: page(100, MESSAGES_PAGE) })]);
    h.api.messagesBefore.mockResolvedValueOnce(page(40, MESSAGES_PAGE));
    await h.store.getState().loadOlder(1);
    expect(h.api.messagesBefore).toHaveBeenLastCalledWith(1, 100);
    expect(idsOf(h, 1)).toHaveLength(2 * MESSAGES_PAGE);
    expect(idsOf(h, 1)[0]).toBe(40);
    expect(h.store.getState().hasOlder[1]).toBe(true);

    h.api.messagesBefore.mockResolvedValueOnce(page(1, 39));
    await h.store.getState().loadOlder(1);
    expect(h.api.messagesBefore).toHaveBeenLastCalledWith(1, 40);
    expect(idsOf(h, 1)[0]).toBe(1);
    expect(h.store.getState().hasOlder[1]).toBe(false);
    expect(h.store.getState().loadingOlder[1]).toBe(false);
    await h.store.getState().loadOlder(1);
    expect(h.api.messagesBefore).toHaveBeenCalledTimes(2);
  });
});

describe('chat store: my actions', () => {
  it('whispers typing at most once per two seconds per room, with my id and nick', async () => {
    const h = makeHarness();
    await loadRooms(h, [makeRoomDetail({ id: 1 }), makeRoomDetail({ id: 2 })]);
    const typing = () => h.store.getState().notifyTyping(1);
    typing();
    h.clock.now += 500;
    typing();
    h.store.getState().notifyTyping(2);
    h.clock.now += TYPING_THROTTLE_MS - 500;
    typing();
    expect(h.realtime.whispers).toEqual([
      { roomId: 1, data: { user_id: ME.id, nick: ME.nick, typing: true } },
      { roomId: 2, data: { user_id: ME.id, nick: ME.nick, typing: true } },
      { roomId: 1, data: { user_id: ME.id, nick: ME.nick, typing: true } },
    ]);
  });

  it('toggles my reaction and a quote, and deletes a message for me', async () => {
    const h = makeHarness();
    const message = makeMessage({ id: 5 });
    await loadRooms(h, [makeRoomDetail({ id: 1, messages: [message] })]);
    await h.store.getState().toggleReaction(message, 'fire');
    expect(h.api.addReaction).toHaveBeenCalledWith(5, 'fire');
    const reacted = h.store.getState().rooms.rooms[0]?.messages[0];
    expect(reacted?.reactions).toEqual([
      { reaction: 'fire', user: { id: ME.id, slug: ME.slug, nick: ME.nick } },
    ]);
    await h.store.getState().toggleReaction(reacted ?? message, 'fire');
    expect(h.api.removeReaction).toHaveBeenCalledWith(5, 'fire');
    expect(h.store.getState().rooms.rooms[0]?.messages[0]?.reactions).toEqual([]);

    await h.store.getState().toggleQuote(message);
    expect(h.store.getState().quotedMessageIds.has(5)).toBe(true);
    await h.store.getState().deleteForMe(message);
    expect(idsOf(h, 1)).toEqual([]);
  });

  it('shows a settings change at once and takes it back when the server refuses', async () => {
    const h = makeHarness();
    const saving = deferred<never>();
    h.api.updateSettings.mockReturnValueOnce(saving.promise);
    const update = h.store.getState().updateSettings({ show_guests: true });
    expect(h.store.getState().settings.show_guests).toBe(true);
    saving.reject(new ApiError(422, 'bad'));
    await expect(update).rejects.toThrow('bad');
    expect(h.store.getState().settings.show_guests).toBe(false);
  });
});

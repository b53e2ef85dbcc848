import { MESSAGE_TYPE, ROOM_STATE } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import {
  idsOf,
  loadRooms,
  makeHarness,
  makeMessage,
  makeMessageUser,
  makeRoomDetail,
  makeRoomUser,
  ME,
  type Harness,
} from '../../test/chat-store-kit';

async function twoRooms(): Promise<Harness> {
  const h = makeHarness();
  await loadRooms(h, [
    makeRoomDetail({ id: 1, messages: [makeMessage({ id: 10 })] }),
    makeRoomDetail({ id: 2, users: [makeRoomUser({ id: ME.id }), makeRoomUser({ id: 3 })] }),
  ]);
  return h;
}

const from = (id: number, roles = ['user']) => makeMessageUser({ id, roles });

describe('MessageStored', () => {
  it('adds a message to its room; another room counts it unread, the current one does not', async () => {
    const h = await twoRooms();
    h.store.getState().messageStored(makeMessage({ id: 11, room_id: 1, user: from(3) }));
    h.store.getState().messageStored(makeMessage({ id: 12, room_id: 2, user: from(3) }));
    expect(idsOf(h, 1)).toEqual([10, 11]);
    expect(idsOf(h, 2)).toEqual([12]);
    expect(h.store.getState().rooms.rooms.map((r) => r.unread)).toEqual([0, 1]);
  });

  it('keeps messages the viewer filters hide, uncounted, and skips unknown rooms and duplicates', async () => {
    const h = await twoRooms();
    h.store.getState().hydrate({ trolls: [4], ignored_users: [5] });
    const store = h.store.getState();
    // In room 2 (not current), so unread shows what counts.
    store.messageStored(makeMessage({ id: 20, room_id: 2, user: from(4) }));
    store.messageStored(makeMessage({ id: 21, room_id: 2, user: from(5) }));
    store.messageStored(makeMessage({ id: 22, room_id: 2, user: from(6, ['guest']) }));
    store.messageStored(makeMessage({ id: 23, room_id: 77, user: from(3) }));
    store.messageStored(makeMessage({ id: 10, user: from(3), text: 'again' }));
    // A "/me" action of an ignored user still tells the room what happened.
    store.messageStored(
      makeMessage({ id: 24, room_id: 2, user: from(5), type_id: MESSAGE_TYPE.action }),
    );
    // Hidden ones stay in the store, so show_trolls or show_guests reveals them at once...
    expect(idsOf(h, 2)).toEqual([20, 21, 22, 24]);
    // ...but only what the viewer sees counts as unread.
    expect(h.store.getState().rooms.rooms[1]?.unread).toBe(1);
    expect(h.store.getState().rooms.rooms.map((r) => r.id)).not.toContain(77);
    expect(idsOf(h, 1)).toEqual([10]);
    expect(h.store.getState().rooms.rooms[0]?.messages[0]?.text).toBe('hello');

    h.store.getState().hydrate({
      settings: { ...h.store.getState().settings, show_trolls: true, show_guests: true },
    });
    h.store.getState().messageStored(makeMessage({ id: 25, room_id: 2, user: from(4) }));
    h.store.getState().messageStored(makeMessage({ id: 26, room_id: 2, user: from(6, ['guest']) }));
    expect(h.store.getState().rooms.rooms[1]?.unread).toBe(3);
  });

  it('shows my own message even when I am a troll or a guest, without counting it unread', async () => {
    const h = await twoRooms();
    h.store.getState().hydrate({ trolls: [ME.id] });
    h.store.getState().messageStored(makeMessage({ id: 30, room_id: 2, user: from(ME.id) }));
    h.store
      .getState()
      .messageStored(makeMessage({ id: 31, room_id: 2, user: from(ME.id, ['guest']) }));
    expect(idsOf(h, 2)).toEqual([30, 31]);
    expect(h.store.getState().rooms.rooms[1]?.unread).toBe(0);
  });

  it('keeps at most 60 messages: the 61st trims the room to the newest 40', async () => {
    const h = makeHarness();
    const sixty = Array.from({ length: 60 }, (_, i) => makeMessage({ id: i + 1 }));
    await loadRooms(h, [makeRoomDetail({ id: 1, messages: sixty })]);
    h.store.getState().messageStored(makeMessage({ id: 61, user: from(3) }));
    expect(idsOf(h, 1)).toHaveLength(40);
    expect(idsOf(h, 1)[0]).toBe(22);
    expect(idsOf(h, 1).at(-1)).toBe(61);
    expect(h.store.getState().hasOlder[1]).toBe(true);
  });

  it('plays the sound on a mention of me, at my volume, unless muted', async () => {
    const h = await twoRooms();
    const mention = (id: number) =>
      makeMessage({ id, user: from(3), nicks: [{ nick: ME.nick, user_id: ME.id }] });
    h.store.getState().messageStored(makeMessage({ id: 40, user: from(3) }));
    h.store.getState().messageStored(mention(41));
    expect(h.sounds).toEqual([{ name: 'ding', volume: 0.6 }]);
    h.store.getState().hydrate({ settings: { ...h.store.getState().settings, mute: true } });
    h.store.getState().messageStored(mention(42));
    expect(h.sounds).toHaveLength(1);
  });
});

describe('other room events', () => {
  it('adds and removes reactions, once per user and reaction', async () => {
    const h = await twoRooms();
    const event = {
      likeable_id: 10,
      likeable_type: 'message' as const,
      room_id: 1,
      reaction: 'love',
      user: { id: 3, slug: 'user-3', nick: 'Vera' },
    };
    h.store.getState().reactionStored(event);
    h.store.getState().reactionStored(event);
    h.store.getState().reactionStored({ ...event, reaction: 'not-a-reaction' });
    const reactions = () => h.store.getState().rooms.rooms[0]?.messages[0]?.reactions;
    expect(reactions()).toEqual([
      { reaction: 'love', user: { id: 3, slug: 'user-3', nick: 'Vera' } },
    ]);
    h.store.getState().reactionDeleted(event);
    expect(reactions()).toEqual([]);
  });

  it('removes a message deleted for everyone', async () => {
    const h = await twoRooms();
    h.store.getState().messageDeleted({ id: 10, room_id: 1 });
    expect(idsOf(h, 1)).toEqual([]);
  });

  it('keeps the user lists: entered, state, status, visibility, left the chat, updated', async () => {
    const h = await twoRooms();
    const store = h.store.getState();
    const users = () => h.store.getState().rooms.rooms[1]?.users ?? [];
    store.userEntered({ room_id: 2, user: makeRoomUser({ id: 8 }) });
    store.userStateUpdated({ room_id: 2, user_id: 3, state_id: ROOM_STATE.away });
    store.userStatusUpdated({ room_id: 2, user_id: 3, status: 'brb' });
    store.userVisibilityUpdated({
      room_id: 2,
      user_id: 8,
      invisible: true,
      user: makeRoomUser({ id: 8 }),
    });
    expect(users().map((e) => [e.user.id, e.state_id, e.status, e.invisible])).toEqual([
      [ME.id, ROOM_STATE.online, null, false],
      [3, ROOM_STATE.away, 'brb', false],
      [8, ROOM_STATE.online, null, true],
    ]);
    store.userStateUpdated({ room_id: 2, user_id: 8, state_id: ROOM_STATE.leaving });
    store.userLeftChat({ user_id: 3 });
    expect(users().map((e) => e.user.id)).toEqual([ME.id]);
  });

  it('follows me leaving a room from another tab', async () => {
    const h = await twoRooms();
    h.store
      .getState()
      .userStateUpdated({ room_id: 2, user_id: ME.id, state_id: ROOM_STATE.leaving });
    expect(h.store.getState().rooms.rooms.map((r) => r.id)).toEqual([1]);
    expect(h.realtime.rooms).toEqual([1]);
  });

  it('renames a room and keeps the troll list', async () => {
    const h = await twoRooms();
    const room = { ...makeRoomDetail({ id: 2 }), name: { ru: 'Новая', en: 'New' }, public: false };
    h.store.getState().roomUpdated({ room });
    expect(h.store.getState().rooms.rooms[1]).toMatchObject({ name: room.name, public: false });
    h.store.getState().trollUpdated({ user_id: 3, troll: true });
    expect(h.store.getState().trolls.has(3)).toBe(true);
    h.store.getState().trollUpdated({ user_id: 3, troll: false });
    expect(h.store.getState().trolls.has(3)).toBe(false);
  });

  it('tracks who is typing; their message ends it, and my own whisper is not shown', async () => {
    const h = await twoRooms();
    h.store.getState().typingReceived(1, { user_id: 3, nick: 'Anna', typing: true });
    h.store.getState().typingReceived(1, { user_id: ME.id, nick: ME.nick, typing: true });
    h.store.getState().typingReceived(77, { user_id: 3, nick: 'Anna', typing: true });
    expect(h.store.getState().typing).toEqual({
      1: [{ user_id: 3, nick: 'Anna', at: h.clock.now }],
    });
    h.store.getState().messageStored(makeMessage({ id: 11, user: from(3) }));
    expect(h.store.getState().typing[1]).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { makeNick, makePublicUser } from '../../../../../packages/shared/src/chat/rules/fixtures';
import {
  loadRooms,
  makeHarness,
  makeMessage,
  makeMessageUser,
  makeRoomDetail,
  makeRoomUser,
} from './test-kit';

const styled = { ...makeNick('Anna'), color: '#ff0066', italic: true, font_id: 3 };

async function twoRoomsWithAnna() {
  const h = makeHarness();
  const anna = makeMessageUser({ id: 3, nick: makeNick('Anna') });
  await loadRooms(h, [
    makeRoomDetail({
      id: 1,
      users: [makeRoomUser({ id: 3, nick: 'Anna' }), makeRoomUser({ id: 4 })],
      messages: [
        makeMessage({ id: 10, user: anna }),
        makeMessage({ id: 11, user: makeMessageUser({ id: 4 }) }),
      ],
    }),
    makeRoomDetail({
      id: 2,
      users: [makeRoomUser({ id: 3, nick: 'Anna' })],
      messages: [makeMessage({ id: 20, room_id: 2, user: anna })],
    }),
    makeRoomDetail({ id: 3, users: [makeRoomUser({ id: 4 })] }),
  ]);
  return h;
}

describe('a user restyled live', () => {
  it('UserUpdated restyles the user in every room list and on every shown message', async () => {
    const h = await twoRoomsWithAnna();
    const before = h.store.getState().rooms.rooms;
    h.store.getState().userUpdated({
      user: makePublicUser({ id: 3, nick: styled, avatar: '/storage/a.webp', premium: true }),
    });
    const [one, two, three] = h.store.getState().rooms.rooms;
    expect(one?.users.find((e) => e.user.id === 3)?.user.nick).toEqual(styled);
    expect(one?.users.find((e) => e.user.id === 3)?.user.premium).toBe(true);
    expect(two?.users[0]?.user.nick).toEqual(styled);
    expect(one?.messages[0]?.user.nick).toEqual(styled);
    expect(one?.messages[0]?.user.avatar).toBe('/storage/a.webp');
    expect(two?.messages[0]?.user.nick).toEqual(styled);
    // A message keeps the wire shape of its author: no list-only fields leak into it.
    expect(Object.keys(one?.messages[0]?.user ?? {}).sort()).toEqual(
      ['avatar', 'id', 'nick', 'roles', 'slug'].sort(),
    );
    // Others' messages and a room without the user stay the same objects (no redraw).
    expect(one?.messages[1]).toBe(before[0]?.messages[1]);
    expect(three).toBe(before[2]);
  });

  it('a one-field update (a nick, an avatar removed) changes only that field', async () => {
    const h = await twoRoomsWithAnna();
    h.store.getState().userPatched(3, { nick: makeNick('Anya') });
    h.store.getState().userPatched(3, { avatar: null });
    const one = h.store.getState().rooms.rooms[0];
    expect(one?.messages[0]?.user.nick.nick).toBe('Anya');
    expect(one?.users[0]?.user.nick.nick).toBe('Anya');
    expect(one?.users[0]?.user.slug).toBe('user-3');
  });

  it('an update of a user the chat does not show changes nothing', async () => {
    const h = await twoRoomsWithAnna();
    const before = h.store.getState().rooms;
    h.store.getState().userUpdated({ user: makePublicUser({ id: 99, nick: styled }) });
    expect(h.store.getState().rooms).toBe(before);
  });
});

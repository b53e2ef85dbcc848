import { describe, expect, it } from 'vitest';
import type { RoomDetail } from '../wire';
import { deepFreeze, makeMessage, makeRoomDetail, makeRoomSummary } from '../../test/chat-fixtures';
import type { RoomsState } from './rooms';
import {
  addAvailableRoom,
  clearChat,
  currentRoom,
  enterRoom,
  incrementUnread,
  leaveRoom,
  reorderRooms,
  selectRoom,
  sortPayload,
  totalUnread,
  updateRoom,
} from './rooms';

function state(overrides: Partial<RoomsState> = {}): RoomsState {
  return deepFreeze({
    rooms: [
      makeRoomDetail({ id: 1, position: 1 }),
      makeRoomDetail({ id: 2, position: 2, unread: 3 }),
    ],
    available: [makeRoomSummary({ id: 5, users_count: 4 }), makeRoomSummary({ id: 6 })],
    currentRoomId: 1,
    ...overrides,
  });
}

function roomIds(rooms: readonly { id: number }[]): number[] {
  return rooms.map((room) => room.id);
}

function positions(rooms: readonly RoomDetail[]): [number, number][] {
  return rooms.map((room) => [room.id, room.position]);
}

describe('clearChat', () => {
  it('returns the empty state', () => {
    expect(clearChat()).toEqual({ rooms: [], available: [], currentRoomId: null });
  });

  it('returns a fresh state each time', () => {
    expect(clearChat()).not.toBe(clearChat());
  });
});

describe('enterRoom', () => {
  it('adds the room at the end with the next position and takes it off the available list', () => {
    const next = enterRoom(state(), makeRoomDetail({ id: 5, position: 99 }));
    expect(positions(next.rooms)).toEqual([
      [1, 1],
      [2, 2],
      [5, 3],
    ]);
    expect(roomIds(next.available)).toEqual([6]);
  });

  it('makes the entered room current', () => {
    expect(enterRoom(state(), makeRoomDetail({ id: 5 })).currentRoomId).toBe(5);
  });

  it('makes the first room position 1 and current', () => {
    const next = enterRoom(clearChat(), makeRoomDetail({ id: 7, position: 4 }));
    expect(positions(next.rooms)).toEqual([[7, 1]]);
    expect(next.currentRoomId).toBe(7);
  });

  it('counts the next position from the highest, not the number of rooms', () => {
    const gappy = state({
      rooms: [makeRoomDetail({ id: 1, position: 2 }), makeRoomDetail({ id: 2, position: 9 })],
    });
    expect(positions(enterRoom(gappy, makeRoomDetail({ id: 5 })).rooms)).toEqual([
      [1, 2],
      [2, 9],
      [5, 10],
    ]);
  });

  it('refreshes a room already in the list where it stands', () => {
    const fresh = makeRoomDetail({ id: 1, position: 7, messages: [makeMessage({ id: 3 })] });
    const next = enterRoom(state({ currentRoomId: 2 }), fresh);
    expect(positions(next.rooms)).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(next.rooms[0]?.messages).toEqual([makeMessage({ id: 3 })]);
    expect(next.currentRoomId).toBe(1);
  });
});

describe('leaveRoom', () => {
  it('moves the room back to the available list with its user count', () => {
    const next = leaveRoom(state({ currentRoomId: 1 }), 2, 11);
    expect(roomIds(next.rooms)).toEqual([1]);
    expect(next.available).toEqual([
      makeRoomSummary({ id: 5, users_count: 4 }),
      makeRoomSummary({ id: 6 }),
      makeRoomSummary({ id: 2, users_count: 11 }),
    ]);
  });

  it('keeps the current room when another one is left', () => {
    expect(leaveRoom(state({ currentRoomId: 1 }), 2, 0).currentRoomId).toBe(1);
  });

  it('makes the first remaining room current when the current one is left', () => {
    const three = state({
      rooms: [
        makeRoomDetail({ id: 1, position: 1 }),
        makeRoomDetail({ id: 2, position: 2 }),
        makeRoomDetail({ id: 3, position: 3 }),
      ],
      currentRoomId: 2,
    });
    expect(leaveRoom(three, 2, 0).currentRoomId).toBe(1);
    expect(leaveRoom({ ...three, currentRoomId: 1 }, 1, 0).currentRoomId).toBe(2);
  });

  it('leaves no current room when the last room is left', () => {
    const one = state({ rooms: [makeRoomDetail({ id: 1 })], currentRoomId: 1 });
    const next = leaveRoom(one, 1, 0);
    expect(next.rooms).toEqual([]);
    expect(next.currentRoomId).toBeNull();
  });

  it('does not list a room twice as available', () => {
    const listed = state({ available: [makeRoomSummary({ id: 2, users_count: 1 })] });
    expect(leaveRoom(listed, 2, 5).available).toEqual([makeRoomSummary({ id: 2, users_count: 5 })]);
  });

  it('returns the state itself for a room the user is not in', () => {
    const before = state();
    expect(leaveRoom(before, 5, 0)).toBe(before);
  });
});

describe('selectRoom', () => {
  it('makes the room current and resets its unread count', () => {
    const next = selectRoom(state(), 2);
    expect(next.currentRoomId).toBe(2);
    expect(next.rooms.map((room) => room.unread)).toEqual([0, 0]);
  });

  it('returns the state itself for a room the user is not in', () => {
    const before = state();
    expect(selectRoom(before, 5)).toBe(before);
  });

  it('returns the state itself when the room is already current and read', () => {
    const before = state();
    expect(selectRoom(before, 1)).toBe(before);
  });
});

describe('incrementUnread', () => {
  it('adds one to a room in the background', () => {
    expect(incrementUnread(state(), 2).rooms.map((room) => room.unread)).toEqual([0, 4]);
  });

  it('leaves the current room read', () => {
    const before = state();
    expect(incrementUnread(before, 1)).toBe(before);
  });

  it('ignores a room the user is not in', () => {
    const before = state();
    expect(incrementUnread(before, 5)).toBe(before);
  });

  it('counts every message while no room is current', () => {
    const none = state({ currentRoomId: null });
    expect(incrementUnread(incrementUnread(none, 1), 1).rooms[0]?.unread).toBe(2);
  });
});

describe('totalUnread', () => {
  it('sums the unread counts of the rooms', () => {
    const rooms = [makeRoomDetail({ id: 1, unread: 2 }), makeRoomDetail({ id: 2, unread: 5 })];
    expect(totalUnread(state({ rooms }))).toBe(7);
  });

  it('is 0 with no rooms', () => {
    expect(totalUnread(clearChat())).toBe(0);
  });
});

describe('reorderRooms', () => {
  const three = state({
    rooms: [
      makeRoomDetail({ id: 1, position: 1 }),
      makeRoomDetail({ id: 2, position: 2 }),
      makeRoomDetail({ id: 3, position: 3 }),
    ],
  });

  it('gives positions from 1 in the new order and sorts the list by them', () => {
    expect(positions(reorderRooms(three, [3, 1, 2]).rooms)).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
  });

  it('keeps rooms left out of the order after it, in their old order', () => {
    expect(positions(reorderRooms(three, [2]).rooms)).toEqual([
      [2, 1],
      [1, 2],
      [3, 3],
    ]);
  });

  it('skips unknown and repeated ids', () => {
    expect(positions(reorderRooms(three, [9, 3, 3, 1, 2]).rooms)).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
  });

  it('keeps the current room and the available list', () => {
    const next = reorderRooms(three, [3, 2, 1]);
    expect(next.currentRoomId).toBe(1);
    expect(next.available).toBe(three.available);
  });
});

describe('sortPayload', () => {
  it('maps each room id to its position from 1', () => {
    expect(sortPayload([5, 2])).toEqual({ '5': 1, '2': 2 });
  });

  it('gives a repeated id its first position only', () => {
    expect(sortPayload([5, 2, 5, 7])).toEqual({ '5': 1, '2': 2, '7': 3 });
  });

  it('is empty for no rooms', () => {
    expect(sortPayload([])).toEqual({});
  });
});

describe('currentRoom', () => {
  it('finds the room on screen', () => {
    expect(currentRoom(state({ currentRoomId: 2 }))?.id).toBe(2);
  });

  it('is null without a current room', () => {
    expect(currentRoom(state({ currentRoomId: null }))).toBeNull();
  });
});

describe('updateRoom', () => {
  it('changes only that room', () => {
    const before = state();
    const next = updateRoom(before, 2, (room) => ({ ...room, unread: 0 }));
    expect(next.rooms.map((room) => room.unread)).toEqual([0, 0]);
    expect(next.rooms[0]).toBe(before.rooms[0]);
  });

  it('returns the state itself for a room the user is not in', () => {
    const before = state();
    expect(updateRoom(before, 9, (room) => ({ ...room, unread: 1 }))).toBe(before);
  });
});

describe('addAvailableRoom', () => {
  it('lists a new public room at the end of the available rooms', () => {
    const next = addAvailableRoom(state(), makeRoomSummary({ id: 9 }));
    expect(roomIds(next.available)).toEqual([5, 6, 9]);
    expect(roomIds(next.rooms)).toEqual([1, 2]);
  });

  it('leaves it out when I am in it or it is listed already', () => {
    const before = state();
    expect(addAvailableRoom(before, makeRoomSummary({ id: 2 }))).toBe(before);
    expect(addAvailableRoom(before, makeRoomSummary({ id: 5 }))).toBe(before);
  });
});

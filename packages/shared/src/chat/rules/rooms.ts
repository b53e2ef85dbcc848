import type { RoomDetail, RoomSummary } from '../wire';

/** The rooms the user is in, the ones they could enter, and the one on screen. */
export interface RoomsState {
  /** Sorted by position. */
  rooms: RoomDetail[];
  available: RoomSummary[];
  currentRoomId: number | null;
}

/** The state before the user is in any room, and after they leave the chat (spec section 4). */
export function clearChat(): RoomsState {
  return { rooms: [], available: [], currentRoomId: null };
}

export function currentRoom(state: RoomsState): RoomDetail | null {
  return state.rooms.find((room) => room.id === state.currentRoomId) ?? null;
}

/** Changes one of the user's rooms; the state itself comes back when that room is not theirs. */
export function updateRoom(
  state: RoomsState,
  roomId: number,
  change: (room: RoomDetail) => RoomDetail,
): RoomsState {
  if (!state.rooms.some((room) => room.id === roomId)) {
    return state;
  }
  return {
    ...state,
    rooms: state.rooms.map((room) => (room.id === roomId ? change(room) : room)),
  };
}

function summaryOf(room: RoomDetail, usersCount: number): RoomSummary {
  return {
    id: room.id,
    name: room.name,
    public: room.public,
    owner_id: room.owner_id,
    users_count: usersCount,
  };
}

/**
 * The entered room joins the end of the user's list and leaves the available one, and it becomes
 * current: whoever enters a room wants to see it. Entering a room already in the list refreshes
 * its details where it stands.
 */
export function enterRoom(state: RoomsState, room: RoomDetail): RoomsState {
  const available = state.available.filter((summary) => summary.id !== room.id);
  const known = state.rooms.find((mine) => mine.id === room.id);
  if (known !== undefined) {
    return {
      rooms: state.rooms.map((mine) =>
        mine === known ? { ...room, position: known.position } : mine,
      ),
      available,
      currentRoomId: room.id,
    };
  }
  const lastPosition = state.rooms.reduce((max, mine) => Math.max(max, mine.position), 0);
  return {
    rooms: [...state.rooms, { ...room, position: lastPosition + 1 }],
    available,
    currentRoomId: room.id,
  };
}

/**
 * The room goes back to the available list with its new user count; when it was on screen, the
 * first remaining room takes its place (spec section 4).
 */
export function leaveRoom(state: RoomsState, roomId: number, usersCount: number): RoomsState {
  const leaving = state.rooms.find((room) => room.id === roomId);
  if (leaving === undefined) {
    return state;
  }
  const rooms = state.rooms.filter((room) => room !== leaving);
  return {
    rooms,
    available: [
      ...state.available.filter((summary) => summary.id !== roomId),
      summaryOf(leaving, usersCount),
    ],
    currentRoomId: state.currentRoomId === roomId ? (rooms[0]?.id ?? null) : state.currentRoomId,
  };
}

/**
 * A public room appeared (RoomAvailable): it joins the end of the available list, unless the
 * viewer is in it or already has it there. The event carries no abilities: the menu's enter
 * button needs none, and the next chat load brings them.
 */
export function addAvailableRoom(state: RoomsState, room: RoomSummary): RoomsState {
  if (state.rooms.some((mine) => mine.id === room.id)) return state;
  if (state.available.some((summary) => summary.id === room.id)) return state;
  return { ...state, available: [...state.available, room] };
}

/** Showing a room counts its messages as read. */
export function selectRoom(state: RoomsState, roomId: number): RoomsState {
  const room = state.rooms.find((mine) => mine.id === roomId);
  if (room === undefined || (room.unread === 0 && state.currentRoomId === roomId)) {
    return state;
  }
  return {
    ...updateRoom(state, roomId, (mine) => ({ ...mine, unread: 0 })),
    currentRoomId: roomId,
  };
}

/** A message arrived in a room; it is unread only if that room is not on screen. */
export function incrementUnread(state: RoomsState, roomId: number): RoomsState {
  if (roomId === state.currentRoomId) {
    return state;
  }
  return updateRoom(state, roomId, (room) => ({ ...room, unread: room.unread + 1 }));
}

export function totalUnread(state: RoomsState): number {
  return state.rooms.reduce((sum, room) => sum + room.unread, 0);
}

/** Each id once, in the order first given: a position belongs to one room. */
function uniqueIds(orderedIds: readonly number[]): number[] {
  return [...new Set(orderedIds)];
}

/**
 * The user dragged their rooms into a new order: positions from 1 in that order. Ids of rooms the
 * user is not in are skipped; rooms missing from the order keep their relative order after it,
 * so a list that changed while dragging loses no room.
 */
export function reorderRooms(state: RoomsState, orderedIds: readonly number[]): RoomsState {
  const mine = new Set(state.rooms.map((room) => room.id));
  const listed = uniqueIds(orderedIds).filter((id) => mine.has(id));
  const rest = state.rooms.map((room) => room.id).filter((id) => !listed.includes(id));
  const positions = new Map([...listed, ...rest].map((id, index) => [id, index + 1]));
  const rooms = state.rooms
    .map((room) => ({ ...room, position: positions.get(room.id) ?? room.position }))
    .sort((a, b) => a.position - b.position);
  return { ...state, rooms };
}

/** The body of `POST /api/room/sort` (`room[{id}]` = position from 1), keyed by room id. */
export function sortPayload(orderedIds: readonly number[]): Record<string, number> {
  return Object.fromEntries(uniqueIds(orderedIds).map((id, index) => [String(id), index + 1]));
}

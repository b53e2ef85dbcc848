import { loadItem, saveItem } from '../../lib/local-store';

// Per account as well as per browser: someone else signing in here has their own last room.
const key = (userId: number) => `chat.lastRoom.${userId}`;

/** The room this account last had on screen in this browser (`/chat` opens it again). */
export function lastRoomOf(userId: number): number | null {
  const id = Number(loadItem(key(userId)));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function rememberLastRoom(userId: number, roomId: number): void {
  saveItem(key(userId), String(roomId));
}

/** After "Leave chat": `/chat` starts afresh in the main room, as for a newcomer. */
export function forgetLastRoom(userId: number): void {
  saveItem(key(userId), null);
}

/**
 * The room id of a `/chat/{roomId}` address: null when there is none, NaN when it is not a
 * room id at all (a mistyped link, which cannot be entered either).
 */
export function roomIdOfAddress(param: string | undefined): number | null {
  if (param === undefined || param === '') return null;
  return /^[1-9]\d{0,15}$/.test(param) ? Number(param) : Number.NaN;
}

import { ROOM_MESSAGES_CAP, ROOM_MESSAGES_KEEP } from '../../constants';

interface HasId {
  readonly id: number;
}

/**
 * A room holds at most ROOM_MESSAGES_CAP messages; past that only the newest ROOM_MESSAGES_KEEP
 * stay (spec sections 4 and 9). Trimming well below the cap means the next twenty messages cost
 * no trim at all. The list is in display order, oldest first, so the newest are at the end.
 */
export function capMessages<T extends HasId>(messages: readonly T[]): T[] {
  return messages.length > ROOM_MESSAGES_CAP ? messages.slice(-ROOM_MESSAGES_KEEP) : [...messages];
}

/**
 * Both lists as one, oldest first, each id once. An incoming copy replaces the one held, since it
 * is the fresher of the two (its reactions, for one, may have changed meanwhile).
 */
function unionById<T extends HasId>(existing: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map<number, T>();
  for (const message of [...existing, ...incoming]) {
    byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** New messages into a room (a live event, or what a reconnect's `after=` fetch missed), capped. */
export function mergeMessages<T extends HasId>(
  existing: readonly T[],
  incoming: readonly T[],
): T[] {
  return capMessages(unionById(existing, incoming));
}

/**
 * Older history (`before=`) into a room. Not capped: the cap keeps the newest messages, so it
 * would throw away exactly the page the user scrolled up to read.
 */
export function prependHistory<T extends HasId>(existing: readonly T[], older: readonly T[]): T[] {
  return unionById(existing, older);
}

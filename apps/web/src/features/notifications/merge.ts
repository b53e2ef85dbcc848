import type { NotificationWire } from '@chat/shared';

/**
 * Puts a page from the server into the list held: the server's copy of an id replaces ours (it
 * may have been read elsewhere), new ids join, and the list stays newest first. Ids grow with
 * time, so they order the list without trusting clocks.
 */
export function mergeNotifications(
  held: readonly NotificationWire[],
  incoming: readonly NotificationWire[],
): NotificationWire[] {
  const byId = new Map<number, NotificationWire>();
  for (const item of held) byId.set(item.id, item);
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

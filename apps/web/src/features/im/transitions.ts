import type { ImChannel, ImMessage } from '@chat/shared';
import type { PendingImMessage } from './types';

/**
 * Pure steps of the messenger's store: each takes the old value and gives the new, so the
 * ordering and dedupe rules are tested without a store.
 */

/** Merges messages by id (the newer copy wins), oldest first. */
export function mergeMessages(
  held: readonly ImMessage[],
  incoming: readonly ImMessage[],
): ImMessage[] {
  if (incoming.length === 0) return [...held];
  const byId = new Map(held.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Replaces one message where held; unknown ones are left out (a page load brings them). */
export function replaceMessage(held: readonly ImMessage[], message: ImMessage): ImMessage[] {
  return held.map((m) => (m.id === message.id ? message : m));
}

/** Channels newest activity first; ties by id so the order is stable. */
export function orderChannels(channels: Readonly<Record<number, ImChannel>>): ImChannel[] {
  return Object.values(channels).sort((a, b) =>
    a.updated_at === b.updated_at ? b.id - a.id : a.updated_at < b.updated_at ? 1 : -1,
  );
}

/** A channel's view after a message: the preview follows the newest message. */
export function withLastMessage(channel: ImChannel, message: ImMessage): ImChannel {
  const last = channel.last_message;
  if (last !== null && last.id > message.id) return channel;
  const updated_at =
    message.created_at > channel.updated_at ? message.created_at : channel.updated_at;
  return { ...channel, last_message: message, updated_at };
}

/** My messages up to `lastReadId` read by the other person at `readAt`. */
export function markReadUpTo(
  held: readonly ImMessage[],
  readerId: number,
  lastReadId: number,
  readAt: string,
): ImMessage[] {
  return held.map((m) =>
    m.user.id !== readerId && m.id <= lastReadId && m.read_at === null
      ? { ...m, read_at: readAt }
      : m,
  );
}

/** The outbox without one client_id (sent, or its message arrived by another way). */
export function withoutPending(
  pending: Readonly<Record<number, readonly PendingImMessage[]>>,
  channelId: number,
  clientId: string,
): Readonly<Record<number, readonly PendingImMessage[]>> {
  const list = pending[channelId];
  if (list === undefined || !list.some((p) => p.client_id === clientId)) return pending;
  return { ...pending, [channelId]: list.filter((p) => p.client_id !== clientId) };
}

export function findPending(
  pending: Readonly<Record<number, readonly PendingImMessage[]>>,
  clientId: string,
): PendingImMessage | undefined {
  for (const list of Object.values(pending)) {
    const found = list.find((p) => p.client_id === clientId);
    if (found) return found;
  }
  return undefined;
}

export function updatePending(
  pending: Readonly<Record<number, readonly PendingImMessage[]>>,
  clientId: string,
  change: Partial<PendingImMessage>,
): Readonly<Record<number, readonly PendingImMessage[]>> {
  const found = findPending(pending, clientId);
  if (found === undefined) return pending;
  const list = pending[found.channel_id] ?? [];
  return {
    ...pending,
    [found.channel_id]: list.map((p) => (p.client_id === clientId ? { ...p, ...change } : p)),
  };
}

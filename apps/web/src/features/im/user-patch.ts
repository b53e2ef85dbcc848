import type { ImChannel, ImMessage } from '@chat/shared';
import type { UserPatch } from '../realtime/user-patch';
import type { ImData } from './types';

const patchMessage = (m: ImMessage, userId: number, patch: UserPatch): ImMessage =>
  m.user.id === userId ? { ...m, user: { ...m.user, ...patch } } : m;

function patchChannel(c: ImChannel, userId: number, patch: UserPatch): ImChannel {
  const last = c.last_message;
  const touchesLast = last !== null && last.user.id === userId;
  if (c.user.id !== userId && !touchesLast) return c;
  return {
    ...c,
    user: c.user.id === userId ? { ...c.user, ...patch } : c.user,
    last_message: touchesLast ? patchMessage(last, userId, patch) : last,
  };
}

/**
 * One user restyled in the messenger: the channel with them and the author of every message held.
 * Channels and histories that do not name the user keep their identity, so their rows do not
 * draw again; nothing changed at all answers the same objects.
 */
export function withImUserPatched(
  s: Pick<ImData, 'channels' | 'messages'>,
  userId: number,
  patch: UserPatch,
): Pick<ImData, 'channels' | 'messages'> {
  let channelsChanged = false;
  const channels: Record<number, ImChannel> = {};
  for (const [id, c] of Object.entries(s.channels)) {
    const next = patchChannel(c, userId, patch);
    if (next !== c) channelsChanged = true;
    channels[Number(id)] = next;
  }
  let messagesChanged = false;
  const messages: Record<number, readonly ImMessage[]> = {};
  for (const [id, held] of Object.entries(s.messages)) {
    const touches = held.some((m) => m.user.id === userId);
    if (touches) messagesChanged = true;
    messages[Number(id)] = touches ? held.map((m) => patchMessage(m, userId, patch)) : held;
  }
  return {
    channels: channelsChanged ? channels : s.channels,
    messages: messagesChanged ? messages : s.messages,
  };
}

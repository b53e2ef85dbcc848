import {
  incrementUnread,
  MESSAGES_AFTER_MAX,
  MESSAGES_PAGE,
  messageHiddenReason,
  updateRoom,
  type ChatMessage,
} from '@chat/shared';
import type { ChatSlice } from './store-types';
import { notifyMention } from './events';
import { messageRings } from './sound-rules';
import { viewerContext, withMessages, withoutPending } from './transitions';

/**
 * After a reconnect the socket alone cannot be trusted (DESIGN.md, "Data that must never be
 * lost"): each room asks for what came after the last message it holds and merges it by id, so
 * nothing is missing and nothing is doubled. A gap longer than the server's `after=` limit is not
 * filled page by page: the room takes the newest page instead, as the cap would keep only that.
 */
export function createResync({
  set,
  get,
  deps,
}: ChatSlice): (roomIds?: readonly number[]) => Promise<void> {
  const resyncRoom = async (roomId: number): Promise<boolean> => {
    const room = get().rooms.rooms.find((r) => r.id === roomId);
    if (room === undefined) return false;
    const lastId = room.messages.at(-1)?.id ?? 0;
    let missed = await deps.api.messagesAfter(roomId, lastId);
    const replace = missed.length >= MESSAGES_AFTER_MAX;
    if (replace) missed = await deps.api.latestMessages(roomId);

    const s = get();
    const me = deps.viewer()?.id ?? null;
    const known = new Set(
      s.rooms.rooms.find((r) => r.id === roomId)?.messages.map((m) => m.id) ?? [],
    );
    // Kept whole like live messages (the list filters when it renders); only what the viewer
    // would see counts as unread.
    const ctx = viewerContext(s, me);
    const fresh = missed.filter((m) => !known.has(m.id));
    const othersNew = fresh.filter((m) => m.user.id !== me && messageHiddenReason(m, ctx) === null);

    let pending = s.pending;
    for (const own of fresh.filter((m) => m.user.id === me)) {
      // Stored before the connection dropped, its answer lost: it is sent, not pending.
      if (own.client_id !== null) pending = withoutPending(pending, roomId, own.client_id);
    }
    let next = replace
      ? {
          rooms: updateRoom(s.rooms, roomId, (r) => ({ ...r, messages: missed })),
          hasOlder: { ...s.hasOlder, [roomId]: missed.length >= MESSAGES_PAGE },
        }
      : withMessages(s, roomId, missed);
    let rooms = next.rooms;
    for (let i = 0; i < othersNew.length; i += 1) rooms = incrementUnread(rooms, roomId);
    next = { ...next, rooms };
    set({ ...next, pending });
    return othersNew.some((m: ChatMessage) => messageRings(m, me, get().settings));
  };

  return async (roomIds) => {
    const ids = roomIds ?? get().rooms.rooms.map((r) => r.id);
    const results = await Promise.allSettled(ids.map(resyncRoom));
    // One sound for everything missed, not one per mention.
    if (results.some((r) => r.status === 'fulfilled' && r.value)) {
      notifyMention(get().settings, deps.playSound);
    }
  };
}

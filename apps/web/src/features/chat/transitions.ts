import {
  clearChat,
  leaveRoom,
  mergeMessages,
  prependHistory,
  updateRoom,
  type ChatMessage,
  type MessageViewerContext,
  type RoomsState,
  type RoomUser,
} from '@chat/shared';
import type { ChatData, PendingMessage } from './types';

/*
 * Pure changes of the chat store's data that the store, the outbox and the realtime handlers
 * share. They sit here rather than beside the store because features/chat belongs to the UI
 * apart from store.ts, api.ts and the outbox: the data layer's helpers live with the realtime
 * feature, which is the data layer's other half.
 */

type RoomMessagesData = Pick<ChatData, 'rooms' | 'hasOlder'>;

/**
 * New messages into a room (live, confirmed by the outbox, or missed while offline), merged by
 * id and capped. When the cap trims the room, older history exists again on the server.
 */
export function withMessages(
  data: RoomMessagesData,
  roomId: number,
  incoming: readonly ChatMessage[],
): RoomMessagesData {
  let trimmed = false;
  const rooms = updateRoom(data.rooms, roomId, (room) => {
    const messages = mergeMessages(room.messages, incoming);
    const known = new Set(room.messages.map((m) => m.id));
    const union = known.size + incoming.filter((m) => !known.has(m.id)).length;
    trimmed = messages.length < union;
    return { ...room, messages };
  });
  return { rooms, hasOlder: trimmed ? { ...data.hasOlder, [roomId]: true } : data.hasOlder };
}

export function omitKey<T>(record: Readonly<Record<number, T>>, key: number): Record<number, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

export function withoutPending(
  pending: ChatData['pending'],
  roomId: number,
  clientId: string,
): ChatData['pending'] {
  const list = pending[roomId];
  if (list === undefined || !list.some((p) => p.client_id === clientId)) return pending;
  return { ...pending, [roomId]: list.filter((p) => p.client_id !== clientId) };
}

export function updatePending(
  pending: ChatData['pending'],
  clientId: string,
  change: Partial<Pick<PendingMessage, 'state' | 'error'>>,
): ChatData['pending'] {
  const roomId = findPending(pending, clientId)?.room_id;
  if (roomId === undefined) return pending;
  const list = pending[roomId] ?? [];
  return {
    ...pending,
    [roomId]: list.map((p) => (p.client_id === clientId ? { ...p, ...change } : p)),
  };
}

export function findPending(
  pending: ChatData['pending'],
  clientId: string,
): PendingMessage | undefined {
  for (const list of Object.values(pending)) {
    const found = list.find((p) => p.client_id === clientId);
    if (found) return found;
  }
  return undefined;
}

/** Everything the chat holds about rooms and their people: gone when leaving the chat (spec 4). */
export function emptyRoomsData(): Pick<
  ChatData,
  'rooms' | 'typing' | 'pending' | 'hasOlder' | 'loadingOlder'
> {
  return { rooms: clearChat(), typing: {}, pending: {}, hasOlder: {}, loadingOlder: {} };
}

/**
 * One room leaves my list (the shared leaveRoom rule) with everything kept for it. The count the
 * room goes back to the available list with is the people I knew there, less me.
 */
export function withoutRoom(
  data: ChatData,
  roomId: number,
  viewerId: number | null,
): Partial<ChatData> {
  const room = data.rooms.rooms.find((r) => r.id === roomId);
  if (room === undefined) return {};
  const others = room.users.filter((entry) => entry.user.id !== viewerId).length;
  return {
    rooms: leaveRoom(data.rooms, roomId, others),
    typing: omitKey(data.typing, roomId),
    pending: omitKey(data.pending, roomId),
    hasOlder: omitKey(data.hasOlder, roomId),
    loadingOlder: omitKey(data.loadingOlder, roomId),
  };
}

/** The same change to the user list of each of my rooms. */
export function mapRoomUsers(
  rooms: RoomsState,
  change: (users: readonly RoomUser[]) => RoomUser[],
): RoomsState {
  return { ...rooms, rooms: rooms.rooms.map((room) => ({ ...room, users: change(room.users) })) };
}

export function mapMessages(
  rooms: RoomsState,
  roomId: number,
  change: (message: ChatMessage) => ChatMessage,
): RoomsState {
  return updateRoom(rooms, roomId, (room) => ({ ...room, messages: room.messages.map(change) }));
}

export function viewerContext(data: ChatData, viewerId: number | null): MessageViewerContext {
  return {
    viewerId,
    trolls: data.trolls,
    ignoredUsers: data.ignoredUsers,
    settings: data.settings,
  };
}

export function roomIds(data: Pick<ChatData, 'rooms'>): number[] {
  return data.rooms.rooms.map((room) => room.id);
}

/** The page the server just sent for a room, plus what is older or newer than it held here. */
export function refreshMessages(local: readonly ChatMessage[], page: readonly ChatMessage[]) {
  const oldest = page[0]?.id;
  const newest = page.at(-1)?.id;
  if (oldest === undefined || newest === undefined) return [...page];
  return prependHistory(
    page,
    local.filter((m) => m.id < oldest || m.id > newest),
  );
}

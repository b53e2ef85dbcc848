import {
  addAvailableRoom,
  addReaction,
  applyRoomUserState,
  incrementUnread,
  REACTIONS,
  removeReaction,
  removeRoomUser,
  ROOM_STATE,
  setRoomUserVisibility,
  incomingMessageVerdict,
  typingNow,
  updateRoom,
  upsertRoomUser,
  withMessageEdited,
  withQuotesGone,
  type ChatSettings,
  type SoundKind,
  type Reaction,
  type RoomDetail,
} from '@chat/shared';
import type { ChatEventActions, ChatSlice } from './store-types';
import {
  emptyRoomsData,
  mapMessages,
  mapRoomUsers,
  viewerContext,
  withMessages,
  withoutPending,
} from './transitions';
import { messageRings } from './sound-rules';
import { soundFor } from './sound-choice';

export type { ChatEventActions } from './store-types';

const isReaction = (name: string): name is Reaction =>
  (REACTIONS as readonly string[]).includes(name);

/**
 * Plays the notification sound at my volume unless muted. Which chat messages ring is
 * `messageRings` (chat-sound.ts); a sound for every message of a busy room would be noise.
 */
export function notifyMention(
  settings: ChatSettings,
  play: (name: string, volume: number) => void,
  kind: SoundKind = 'mention',
): void {
  if (settings.mute) return;
  play(soundFor(settings, kind), settings.notification_volume);
}

/**
 * The chat store's handlers of realtime events: each applies a shared rule to the store's data.
 * `dropRoom` is the store's own "this room is no longer mine" (also used by leaveRoom).
 */
export function createChatEvents(
  { set, get, deps }: ChatSlice,
  dropRoom: (roomId: number) => void,
): ChatEventActions {
  const patchRoom = (roomId: number, change: (room: RoomDetail) => RoomDetail) =>
    set((s) => ({ rooms: updateRoom(s.rooms, roomId, change) }));
  const viewerId = () => deps.viewer()?.id ?? null;

  return {
    messageStored: (message) => {
      const s = get();
      const me = viewerId();
      const own = me !== null && message.user.id === me;
      const roomId = message.room_id;
      // Whoever sent a message has stopped typing it.
      const typers = s.typing[roomId];
      const typing = typers
        ? {
            ...s.typing,
            [roomId]: typingNow(
              typers,
              { user_id: message.user.id, nick: '', typing: false },
              deps.now(),
            ),
          }
        : s.typing;
      // My message sent from here arrived by the socket before the POST's answer.
      const pending =
        own && message.client_id !== null
          ? withoutPending(s.pending, roomId, message.client_id)
          : s.pending;
      const rooms = new Map(s.rooms.rooms.map((room) => [room.id, room]));
      const verdict = incomingMessageVerdict(message, { ...viewerContext(s, me), rooms });
      // Messages hidden by the viewer's filters (trolls, guests, ignored) are kept and filtered
      // when rendered, so turning show_guests or show_trolls on reveals them at once.
      if (!verdict.show && (verdict.reason === 'unknown-room' || verdict.reason === 'duplicate')) {
        set({ typing, pending });
        return;
      }
      const next = withMessages(s, roomId, [message]);
      set({
        ...next,
        rooms: own || !verdict.show ? next.rooms : incrementUnread(next.rooms, roomId),
        typing,
        pending,
      });
      if (verdict.show && messageRings(message, me, s.settings)) {
        notifyMention(s.settings, deps.playSound, own ? 'message' : 'mention');
      }
    },
    messageUpdated: (message) =>
      patchRoom(message.room_id, (r) => ({
        ...r,
        messages: withMessageEdited(r.messages, message),
      })),
    // Its words leave the replies that quoted it too, as the server shows them from now on.
    messageDeleted: ({ id, room_id }) =>
      patchRoom(room_id, (r) => ({
        ...r,
        messages: withQuotesGone(
          r.messages.filter((m) => m.id !== id),
          (quote) => quote.id === id,
        ),
      })),
    reactionStored: ({ likeable_id, reaction, room_id, user }) => {
      if (!isReaction(reaction)) return;
      set((s) => ({
        rooms: mapMessages(s.rooms, room_id, (m) =>
          m.id === likeable_id ? addReaction(m, { reaction, user }) : m,
        ),
      }));
    },
    reactionDeleted: ({ likeable_id, reaction, room_id, user }) =>
      set((s) => ({
        rooms: mapMessages(s.rooms, room_id, (m) =>
          m.id === likeable_id ? removeReaction(m, reaction, user.id) : m,
        ),
      })),
    userEntered: ({ room_id, user }) =>
      patchRoom(room_id, (r) => ({ ...r, users: upsertRoomUser(r.users, user) })),
    userWentOffline: ({ room_id, user_id }) => {
      // About me it can only be stale (this tab is here): I stay on my own list.
      if (user_id === viewerId()) return;
      patchRoom(room_id, (r) => ({ ...r, users: removeRoomUser(r.users, user_id) }));
    },
    roomAvailable: ({ room }) => set((s) => ({ rooms: addAvailableRoom(s.rooms, room) })),
    userStateUpdated: (event) => {
      // I left from another tab: this one follows.
      if (event.user_id === viewerId() && event.state_id === ROOM_STATE.leaving) {
        dropRoom(event.room_id);
        return;
      }
      patchRoom(event.room_id, (r) => ({ ...r, users: applyRoomUserState(r.users, event) }));
    },
    userStatusUpdated: ({ room_id, user_id, status }) =>
      patchRoom(room_id, (r) => ({
        ...r,
        users: r.users.map((e) => (e.user.id === user_id ? { ...e, status } : e)),
      })),
    userVisibilityUpdated: ({ room_id, user_id, invisible, user }) =>
      patchRoom(room_id, (r) => ({
        ...r,
        users: setRoomUserVisibility(r.users, user_id, invisible, user),
      })),
    roomUpdated: ({ room }) =>
      set((s) => ({
        rooms: {
          ...updateRoom(s.rooms, room.id, (r) => ({
            ...r,
            name: room.name,
            public: room.public,
            owner_id: room.owner_id,
          })),
          // What the room says on the socket carries no abilities: mine stay as they were.
          available: s.rooms.available.map((a) => (a.id === room.id ? { ...a, ...room } : a)),
        },
      })),
    trollUpdated: ({ user_id, troll }) =>
      set((s) => {
        const trolls = new Set(s.trolls);
        if (troll) trolls.add(user_id);
        else trolls.delete(user_id);
        return { trolls };
      }),
    userLeftChat: ({ user_id }) => {
      if (user_id === viewerId()) {
        // I left the whole chat from another tab.
        set({ ...emptyRoomsData(), status: 'idle' });
        deps.realtime.syncRooms([]);
        return;
      }
      set((s) => ({ rooms: mapRoomUsers(s.rooms, (users) => removeRoomUser(users, user_id)) }));
    },
    userBanned: ({ user_id, type }) =>
      set((s) => {
        const withoutMessages = {
          ...s.rooms,
          rooms: s.rooms.rooms.map((room) => ({
            ...room,
            messages: withQuotesGone(
              room.messages.filter((m) => m.user.id !== user_id),
              (quote) => quote.user?.id === user_id,
            ),
          })),
        };
        return {
          rooms:
            type === 'full_ban'
              ? mapRoomUsers(withoutMessages, (users) => removeRoomUser(users, user_id))
              : withoutMessages,
        };
      }),
    typingReceived: (roomId, event) => {
      if (event.user_id === viewerId()) return;
      set((s) => {
        if (!s.rooms.rooms.some((r) => r.id === roomId)) return {};
        return {
          typing: { ...s.typing, [roomId]: typingNow(s.typing[roomId] ?? [], event, deps.now()) },
        };
      });
    },
  };
}

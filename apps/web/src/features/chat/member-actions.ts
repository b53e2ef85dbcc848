import {
  addReaction,
  applyRoomUserState,
  hasReacted,
  removeReaction,
  ROOM_STATE,
  setRoomUserVisibility,
  updateRoom,
  type RoomDetail,
} from '@chat/shared';
import type { ChatSlice, FullChatStore } from './store-types';
import { mapMessages, mapRoomUsers } from './transitions';

/** At most one typing whisper per room this often (the server allows 10 client events a second). */
export const TYPING_THROTTLE_MS = 2000;

export type MemberActions = Pick<
  FullChatStore,
  | 'toggleReaction'
  | 'toggleQuote'
  | 'updateSettings'
  | 'toggleIgnore'
  | 'setRoomState'
  | 'setVisibility'
  | 'setStatus'
  | 'invite'
  | 'setTroll'
  | 'notifyTyping'
>;

/**
 * The chat store's actions about me as a member: my reactions, quotes, state, visibility,
 * settings, lists and typing. Part of the store (store.ts composes it), apart so that store.ts
 * stays small.
 */
export function createMemberActions(
  { set, get, deps }: ChatSlice,
  dropRoom: (roomId: number) => void,
): MemberActions {
  const lastTyping = new Map<number, number>();
  const patchRoom = (roomId: number, change: (room: RoomDetail) => RoomDetail) =>
    set((s) => ({ rooms: updateRoom(s.rooms, roomId, change) }));

  return {
    toggleReaction: async (message, reaction) => {
      const viewer = deps.viewer();
      if (!viewer) return;
      const user = { id: viewer.id, slug: viewer.slug, nick: viewer.nick };
      // The event comes back on the room's channel too; both changes are idempotent.
      if (hasReacted(message, reaction, viewer.id)) {
        await deps.api.removeReaction(message.id, reaction);
        set((s) => ({
          rooms: mapMessages(s.rooms, message.room_id, (m) =>
            m.id === message.id ? removeReaction(m, reaction, viewer.id) : m,
          ),
        }));
      } else {
        await deps.api.addReaction(message.id, reaction);
        set((s) => ({
          rooms: mapMessages(s.rooms, message.room_id, (m) =>
            m.id === message.id ? addReaction(m, { reaction, user }) : m,
          ),
        }));
      }
    },
    toggleQuote: async (message) => {
      const quoted = get().quotedMessageIds.has(message.id);
      if (quoted) await deps.api.removeQuote(message.id);
      else await deps.api.addQuote(message.id);
      set((s) => {
        const ids = new Set(s.quotedMessageIds);
        if (quoted) ids.delete(message.id);
        else ids.add(message.id);
        return { quotedMessageIds: ids };
      });
    },
    updateSettings: async (patch) => {
      // Shown at once (a switch must not lag), put back if the server refuses.
      const before = get().settings;
      set({ settings: { ...before, ...patch } });
      try {
        set({ settings: await deps.api.updateSettings(patch) });
      } catch (error) {
        set({ settings: before });
        throw error;
      }
    },
    toggleIgnore: async (userId) => {
      const ignoring = get().ignoredUsers.has(userId);
      const list = ignoring ? await deps.api.unignore(userId) : await deps.api.ignore(userId);
      const ignored = new Set(list);
      set((s) => ({
        ignoredUsers: ignored,
        rooms: mapRoomUsers(s.rooms, (users) =>
          users.map((e) => (e.user.id === userId ? { ...e, ignoring: ignored.has(userId) } : e)),
        ),
      }));
    },
    setRoomState: async (roomId, stateId) => {
      await deps.api.setRoomState(roomId, stateId);
      const viewer = deps.viewer();
      if (stateId === ROOM_STATE.leaving) dropRoom(roomId);
      else if (viewer) {
        const update = { user_id: viewer.id, state_id: stateId };
        patchRoom(roomId, (r) => ({ ...r, users: applyRoomUserState(r.users, update) }));
      }
    },
    setVisibility: async (roomId, visible) => {
      const { invisible } = await deps.api.setVisibility(roomId, visible);
      const viewer = deps.viewer();
      if (!viewer) return;
      patchRoom(roomId, (r) => ({
        ...r,
        users: setRoomUserVisibility(r.users, viewer.id, invisible),
      }));
    },
    setStatus: async (status) => {
      // The UserStatusUpdated event brings the new line to every list, this tab's included.
      await deps.api.setStatus(status);
    },
    invite: (roomId, userId) => deps.api.invite(roomId, userId),
    setTroll: (userId, troll) => deps.api.setTroll(userId, troll),

    notifyTyping: (roomId) => {
      const viewer = deps.viewer();
      const now = deps.now();
      if (!viewer || now - (lastTyping.get(roomId) ?? -Infinity) < TYPING_THROTTLE_MS) return;
      const sent = deps.realtime.whisper(roomId, {
        user_id: viewer.id,
        nick: viewer.nick,
        typing: true,
      });
      // Not sent (offline): the next keystroke may try again at once.
      if (sent) lastTyping.set(roomId, now);
    },
  };
}

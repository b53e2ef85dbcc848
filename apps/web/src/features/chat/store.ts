import {
  DEFAULT_CHAT_SETTINGS,
  enterRoom,
  MESSAGES_PAGE,
  prependHistory,
  reorderRooms,
  selectRoom,
  sortPayload,
  updateRoom,
  type ChatMessage,
  type ChatState,
  type RoomDetail,
} from '@chat/shared';
import { create } from 'zustand';
import { api } from '../../lib/api';
import { showTooFast } from '../toasts/too-fast-toast';
import { ApiError } from '../../lib/api-error';
import { createChatEvents } from './events';
import { createMemberActions } from './member-actions';
import { createResync } from './resync';
import { chatRealtime } from '../realtime/port';
import { emptyRoomsData, refreshMessages, roomIds, withoutRoom } from './transitions';
import { useShowGradientsStore } from '../../shared/hooks/use-show-gradients';
import { useSessionStore } from '../session/store';
import { createChatApi } from './api';
import { createOutbox, makeClientId } from './outbox';
import { playSound } from './sound';
import type { ChatStoreApi, ChatStoreDeps, ChatSlice, FullChatStore } from './store-types';
import type { ChatData, RoomToOpen } from './types';

export type {
  ChatSeed,
  ChatSlice,
  ChatStoreApi,
  ChatStoreDeps,
  ChatSyncActions,
  ChatViewer,
  FullChatStore,
} from './store-types';

function initialData(): ChatData {
  return {
    status: 'idle',
    ...emptyRoomsData(),
    settings: DEFAULT_CHAT_SETTINGS,
    trolls: new Set(),
    ignoredUsers: new Set(),
    quotedMessageIds: new Set(),
  };
}

const hasOlderOf = (room: RoomDetail) => room.messages.length >= MESSAGES_PAGE;

export function createChatStore(deps: ChatStoreDeps): ChatStoreApi {
  return create<FullChatStore>()((set, get) => {
    const syncRooms = () => deps.realtime.syncRooms(roomIds(get()));
    const slice: ChatSlice = { set, get, deps, syncRooms };
    let loading: Promise<void> | null = null;
    // Bumped when the rooms are thrown away, so that a load started before does not bring them back.
    let generation = 0;

    const patchRoom = (roomId: number, change: (room: RoomDetail) => RoomDetail) =>
      set((s) => ({ rooms: updateRoom(s.rooms, roomId, change) }));
    const removeMessage = (message: ChatMessage) =>
      patchRoom(message.room_id, (r) => ({
        ...r,
        messages: r.messages.filter((m) => m.id !== message.id),
      }));
    const dropRoom = (roomId: number) => {
      set((s) => withoutRoom(s, roomId, deps.viewer()?.id ?? null));
      syncRooms();
      showCurrent();
    };
    /** The room on screen counts as read: tell the server when it held unread messages. */
    const showCurrent = () => {
      const { rooms } = get();
      const current = rooms.rooms.find((r) => r.id === rooms.currentRoomId);
      if (current && current.unread > 0)
        get()
          .selectRoom(current.id)
          .catch(() => undefined);
    };
    /**
     * Opening the chat in no room enters the site's main room, as chat sites do; the picker
     * stays for more rooms. Leaving rooms on the page leaves you in none until the next visit.
     */
    const withMainRoom = async (state: ChatState): Promise<ChatState> => {
      const mainId = state.main_room_id ?? null;
      if (state.rooms.length > 0 || mainId === null) return state;
      try {
        const room = await deps.api.enterRoom(mainId);
        return {
          ...state,
          rooms: [room],
          available: state.available.filter((r) => r.id !== mainId),
        };
      } catch {
        // Not let in (banned from it, made private a moment ago): the picker shows what there is.
        return state;
      }
    };
    /** A linked room entered with the chat's load; null when refused (toasted by the API). */
    const enteredFor = async (state: ChatState, open?: RoomToOpen): Promise<ChatState> => {
      if (!open?.enter || state.rooms.some((r) => r.id === open.roomId)) return state;
      try {
        const room = await deps.api.enterRoom(open.roomId);
        return {
          ...state,
          rooms: [...state.rooms, room],
          available: state.available.filter((r) => r.id !== room.id),
        };
      } catch {
        return state;
      }
    };
    const added = (room: RoomDetail) => {
      set((s) => ({
        rooms: enterRoom(s.rooms, room),
        hasOlder: { ...s.hasOlder, [room.id]: hasOlderOf(room) },
      }));
      syncRooms();
    };

    return {
      ...initialData(),
      ...createOutbox(slice),
      ...createChatEvents(slice, dropRoom),
      ...createMemberActions(slice, dropRoom),
      resync: createResync(slice),

      hydrate: (seed) =>
        set((s) => ({
          settings: seed.settings ?? s.settings,
          ignoredUsers: seed.ignored_users ? new Set(seed.ignored_users) : s.ignoredUsers,
          quotedMessageIds: seed.quotes ? new Set(seed.quotes) : s.quotedMessageIds,
          trolls: seed.trolls ? new Set(seed.trolls) : s.trolls,
        })),
      reset: () => {
        generation += 1;
        set({
          ...emptyRoomsData(),
          status: 'idle',
          settings: DEFAULT_CHAT_SETTINGS,
          ignoredUsers: new Set(),
          quotedMessageIds: new Set(),
        });
        syncRooms();
      },

      load: (open) => {
        // Two screens asking at once share one request.
        loading ??= (async () => {
          set({ status: 'loading' });
          const started = generation;
          try {
            const state = await withMainRoom(await enteredFor(await deps.api.chat(), open));
            if (started !== generation) return;
            const rooms = [...state.rooms].sort((a, b) => a.position - b.position);
            const held = (id: number | null | undefined) => rooms.some((r) => r.id === id);
            const kept = get().rooms.currentRoomId;
            const currentRoomId = held(open?.roomId)
              ? (open?.roomId ?? null)
              : held(kept)
                ? kept
                : (rooms[0]?.id ?? null);
            set((s) => ({
              status: 'ready',
              rooms: { rooms, available: state.available, currentRoomId },
              hasOlder: Object.fromEntries(rooms.map((r) => [r.id, hasOlderOf(r)])),
              loadingOlder: {},
              typing: {},
              pending: Object.fromEntries(
                Object.entries(s.pending).filter(([id]) => rooms.some((r) => r.id === Number(id))),
              ),
            }));
            syncRooms();
            showCurrent();
          } catch (error) {
            if (started === generation) set({ status: 'error' });
            throw error;
          } finally {
            loading = null;
          }
        })();
        return loading;
      },

      enterRoom: async (roomId) => added(await deps.api.enterRoom(roomId)),
      openRoom: async (roomId) => {
        if (get().rooms.rooms.some((r) => r.id === roomId)) await get().selectRoom(roomId);
        else await get().enterRoom(roomId);
      },
      createRoom: async (body) => {
        const room = await deps.api.createRoom(body);
        added(room);
        return room;
      },
      leaveRoom: async (roomId) => {
        try {
          await deps.api.leaveRoom(roomId);
        } catch (error) {
          // 404: the server no longer counts me in that room, which is what leaving wanted.
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }
        dropRoom(roomId);
      },
      selectRoom: async (roomId) => {
        const { rooms } = get();
        const room = rooms.rooms.find((r) => r.id === roomId);
        if (!room || (rooms.currentRoomId === roomId && room.unread === 0)) return;
        set((s) => ({ rooms: selectRoom(s.rooms, roomId) }));
        const detail = await deps.api.showRoom(roomId);
        patchRoom(roomId, (r) => ({
          ...r,
          users: detail.users,
          messages: refreshMessages(r.messages, detail.messages),
          unread: 0,
        }));
      },
      leaveChat: async () => {
        await deps.api.leaveChat();
        generation += 1;
        set({ ...emptyRoomsData(), status: 'idle' });
        syncRooms();
      },
      reorderRooms: async (orderedIds) => {
        const before = get().rooms.rooms.map((r) => r.id);
        set((s) => ({ rooms: reorderRooms(s.rooms, orderedIds) }));
        try {
          await deps.api.sortRooms(sortPayload(orderedIds));
        } catch (error) {
          set((s) => ({ rooms: reorderRooms(s.rooms, before) }));
          throw error;
        }
      },
      updateRoom: async (roomId, body) => {
        get().roomUpdated({ room: await deps.api.updateRoom(roomId, body) });
      },

      loadOlder: async (roomId) => {
        const s = get();
        const room = s.rooms.rooms.find((r) => r.id === roomId);
        if (!room || s.loadingOlder[roomId] === true || s.hasOlder[roomId] === false) return;
        const oldest = room.messages[0]?.id;
        if (oldest === undefined) {
          set({ hasOlder: { ...s.hasOlder, [roomId]: false } });
          return;
        }
        set({ loadingOlder: { ...s.loadingOlder, [roomId]: true } });
        try {
          const older = await deps.api.messagesBefore(roomId, oldest);
          set((now) => ({
            rooms: updateRoom(now.rooms, roomId, (r) => ({
              ...r,
              messages: prependHistory(r.messages, older),
            })),
            hasOlder: { ...now.hasOlder, [roomId]: older.length >= MESSAGES_PAGE },
          }));
        } finally {
          set((now) => ({ loadingOlder: { ...now.loadingOlder, [roomId]: false } }));
        }
      },
      editMessage: async (message, text, mentions) => {
        get().messageUpdated(await deps.api.editMessage(message.id, { text, mentions }));
      },
      messageEdits: (message) => deps.api.messageEdits(message.id),
      deleteForMe: async (message) => {
        await deps.api.deleteForMe(message.id);
        removeMessage(message);
      },
      deleteForEveryone: async (message) => {
        await deps.api.deleteForEveryone(message.id);
        removeMessage(message);
      },
    };
  });
}

/** The site's chat store. */
export const useChatStore: ChatStoreApi = createChatStore({
  api: createChatApi(api),
  realtime: chatRealtime,
  viewer: () => {
    const user = useSessionStore.getState().userData?.user;
    return user ? { id: user.id, slug: user.slug, nick: user.nick.nick } : null;
  },
  playSound,
  now: () => Date.now(),
  makeClientId: () => makeClientId(),
  later: (run, ms) => {
    setTimeout(run, ms);
  },
  onSendPaused: showTooFast,
});

// Shared UI draws nicks outside the chat screen as this setting says.
useChatStore.subscribe((state, prev) => {
  if (state.settings.show_gradients !== prev.settings.show_gradients) {
    useShowGradientsStore.setState({ value: state.settings.show_gradients });
  }
});

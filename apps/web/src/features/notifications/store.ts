import {
  addNotification,
  markAllRead,
  markRead,
  notificationSchema,
  type ChatSettings,
  type NotificationWire,
} from '@chat/shared';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { api } from '../../lib/api';
import { useChatStore } from '../chat/store';
import { playSound } from '../chat/sound';
import { notifyMention } from '../chat/events';
import { createNotificationsApi, parseNotifications, type NotificationsApi } from './api';
import { mergeNotifications } from './merge';
import type { NotificationEventActions } from './notification-events';

export type FriendAnswer = 'pending' | 'accepted' | 'declined';

export interface NotificationsData {
  /** Newest first: the user data's newest, then live ones and the pages the full list read. */
  items: NotificationWire[];
  unread: number;
  /** Whose notifications these are; null when signed out. */
  userId: number | null;
  /** The full list's paging: the last page read (0: none yet). */
  page: number;
  hasMore: boolean;
  listStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** Friend requests answered from a notification, by notification id. */
  friendAnswers: Record<number, FriendAnswer>;
}

export interface NotificationsActions {
  /** From user data, when a user signs in (or another one does); null signs out. */
  hydrate(userId: number | null, list: readonly unknown[], unread: number): void;
  /** The first page again (opening the list, after a reconnect): no sound for what it brings. */
  refresh(): Promise<void>;
  loadMore(): Promise<void>;
  markRead(id: number): Promise<void>;
  markAllRead(): Promise<void>;
  answerFriendRequest(notification: NotificationWire, accept: boolean): Promise<void>;
}

export type NotificationsStore = NotificationsData &
  NotificationsActions &
  NotificationEventActions;
export type NotificationsStoreApi = UseBoundStore<StoreApi<NotificationsStore>>;

export interface NotificationsStoreDeps {
  api: NotificationsApi;
  /** The user's sound settings (the chat's: one volume and mute for the site). */
  soundSettings: () => ChatSettings;
  playSound: (name: string, volume: number) => void;
  now: () => string;
}

function initialData(): NotificationsData {
  return {
    items: [],
    unread: 0,
    userId: null,
    page: 0,
    hasMore: true,
    listStatus: 'idle',
    friendAnswers: {},
  };
}

export function createNotificationsStore(deps: NotificationsStoreDeps): NotificationsStoreApi {
  return create<NotificationsStore>()((set, get) => {
    // Bumped when the user changes, so that an answer meant for the previous one is dropped.
    let generation = 0;
    const current = (at: number) => at === generation;

    const putPage = (page: number, data: NotificationWire[], hasMore: boolean, unread?: number) =>
      set((s) => ({
        items: mergeNotifications(s.items, data),
        page: Math.max(s.page, page),
        hasMore: page >= s.page ? hasMore : s.hasMore,
        unread: unread ?? s.unread,
        listStatus: 'ready',
      }));

    return {
      ...initialData(),

      hydrate: (userId, list, unread) => {
        // The same user's data again (a profile edit re-sends it) is older than what the
        // socket has told since: keep the live list.
        if (userId !== null && userId === get().userId) return;
        generation += 1;
        set({
          ...initialData(),
          userId,
          items: userId === null ? [] : mergeNotifications([], parseNotifications(list)),
          unread: userId === null ? 0 : Math.max(0, unread),
        });
      },

      refresh: async () => {
        const at = generation;
        if (get().userId === null) return;
        if (get().page === 0) set({ listStatus: 'loading' });
        try {
          const answer = await deps.api.page(1);
          if (current(at)) putPage(1, answer.data, answer.hasMore, answer.unread);
        } catch {
          if (current(at) && get().page === 0) set({ listStatus: 'error' });
        }
      },

      loadMore: async () => {
        const at = generation;
        const s = get();
        if (s.userId === null || s.listStatus === 'loading' || !s.hasMore) return;
        const next = s.page + 1;
        set({ listStatus: 'loading' });
        try {
          const answer = await deps.api.page(next);
          if (current(at)) putPage(next, answer.data, answer.hasMore, answer.unread);
        } catch {
          if (current(at)) set({ listStatus: 'error' });
        }
      },

      markRead: async (id) => {
        const at = generation;
        const item = get().items.find((n) => n.id === id);
        if (item === undefined || item.read_at !== null) return;
        // At once on screen; the answer then brings the server's count, which wins.
        set((s) => markRead(s, id, deps.now()));
        try {
          const answer = await deps.api.read(id);
          if (!current(at)) return;
          set((s) => {
            const next = markRead(s, id, answer.notification.read_at ?? deps.now(), answer.unread);
            return {
              unread: next.unread,
              items: next.items.map((n) => (n.id === id ? answer.notification : n)),
            };
          });
        } catch {
          // Not read after all (gone, or the network): the server's page tells the truth.
          if (current(at)) await get().refresh();
        }
      },

      markAllRead: async () => {
        const at = generation;
        set((s) => markAllRead(s, deps.now()));
        try {
          await deps.api.readAll();
        } catch {
          if (current(at)) await get().refresh();
        }
      },

      answerFriendRequest: async (notification, accept) => {
        const at = generation;
        const user = (notification.data as { user?: { id?: unknown } }).user;
        if (typeof user?.id !== 'number') return;
        set((s) => ({ friendAnswers: { ...s.friendAnswers, [notification.id]: 'pending' } }));
        try {
          await deps.api.answerFriendRequest(user.id, accept);
        } catch {
          if (current(at)) {
            set((s) => {
              const friendAnswers = { ...s.friendAnswers };
              delete friendAnswers[notification.id];
              return { friendAnswers };
            });
          }
          return;
        }
        if (!current(at)) return;
        set((s) => ({
          friendAnswers: {
            ...s.friendAnswers,
            [notification.id]: accept ? 'accepted' : 'declined',
          },
        }));
        // Answered is read: the bell stops asking.
        await get().markRead(notification.id);
      },

      notificationReceived: (event) => {
        const parsed = notificationSchema.safeParse(event.notification);
        if (get().userId === null || !parsed.success) return;
        const notification = parsed.data;
        const unread = event.unread;
        const known = get().items.some((n) => n.id === notification.id);
        set((s) => {
          const next = addNotification(s, notification);
          // The event's count is the server's; a repeat delivered late must not lower it.
          const counted = Number.isInteger(unread) && unread >= 0 ? unread : next.unread;
          return { items: next.items, unread: known ? next.unread : counted };
        });
        // Rings for news only: not for one already read, nor one delivered again.
        if (!known && notification.read_at === null) {
          notifyMention(deps.soundSettings(), deps.playSound, 'notification');
        }
      },

      countUpdated: ({ unread }) => {
        if (get().userId === null || !Number.isInteger(unread) || unread < 0) return;
        // Read all in another tab: this tab's list follows, not only its number.
        if (unread === 0) set((s) => markAllRead(s, deps.now()));
        else set({ unread });
      },
    };
  });
}

/** The site's notifications store. */
export const useNotificationsStore: NotificationsStoreApi = createNotificationsStore({
  api: createNotificationsApi(api),
  soundSettings: () => useChatStore.getState().settings,
  playSound,
  now: () => new Date().toISOString(),
});

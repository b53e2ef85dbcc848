import type { Attachment, ChatSettings, ImChannel, ImMessage } from '@chat/shared';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { api } from '../../lib/api';
import { showTooFast } from '../toasts/too-fast-toast';
import { ApiError } from '../../lib/api-error';
import { createOutboxQueue, makeClientId } from '../../lib/outbox-queue';
import { useChatStore } from '../chat/store';
import { playSound } from '../chat/sound';
import { notifyMention } from '../chat/events';
import { chatRealtime } from '../realtime/port';
import { useSessionStore } from '../session/store';
import { createImApi, type ImApi } from './api';
import type { ImEventActions } from './im-events';
import {
  findPending,
  markReadUpTo,
  mergeMessages,
  replaceMessage,
  updatePending,
  withLastMessage,
  withoutPending,
} from './transitions';
import type { ImData, ImHistory, PendingImMessage } from './types';

/** A read mark waits this long, so a burst of messages in an open conversation is one POST. */
export const READ_DEBOUNCE_MS = 400;

export interface ImStoreDeps {
  api: ImApi;
  viewerId: () => number | null;
  isConnected: () => boolean;
  /** The user's sound settings (the chat's: one volume and mute for the site). */
  soundSettings: () => ChatSettings;
  playSound: (name: string, volume: number) => void;
  /** The tab is focused: a new message in the open conversation needs no sound. */
  isFocused: () => boolean;
  now: () => number;
  makeClientId: () => string;
  later: (run: () => void, ms: number) => void;
  /** The server refuses messages as too fast until then (unix ms); null: sending again. */
  onSendPaused?: (untilMs: number | null) => void;
}

export interface ImActions {
  /** The first page of channels (again after a reconnect). Never rejects. */
  loadChannels(): Promise<void>;
  /** The next page of channels, merged by id, until the last page. Never rejects. */
  loadMoreChannels(): Promise<void>;
  /** The channel with this person (made on first use); its id. */
  openWith(userId: number): Promise<number>;
  /** The newest page of a conversation, unless held; finds the channel when the list lacks it. */
  loadChannel(channelId: number): Promise<void>;
  loadOlder(channelId: number): Promise<void>;
  /** The conversation on screen in a visible tab (null: none). Marks it read. */
  setActive(channelId: number | null): void;
  send(channelId: number, text: string, attachments?: readonly Attachment[]): void;
  retry(clientId: string): void;
  discard(clientId: string): void;
  flushOutbox(): Promise<void>;
  /** After a reconnect: what each open conversation missed, and the channel list again. */
  resync(): Promise<void>;
  remove(message: ImMessage): Promise<void>;
  restore(message: ImMessage): Promise<void>;
  /** The total from the user data (counters.im_unread_count). */
  hydrateCount(total: number): void;
  openDock(channelId?: number | null): void;
  closeDock(): void;
  /** Signed out or another user: nothing of the previous one stays. */
  reset(): void;
}

export type ImStore = ImData & ImActions & ImEventActions;
export type ImStoreApi = UseBoundStore<StoreApi<ImStore>>;

function initialData(): ImData {
  return {
    channels: {},
    channelsStatus: 'idle',
    channelsPage: 0,
    channelsHasMore: false,
    channelsMore: 'idle',
    messages: {},
    history: {},
    pending: {},
    unreadTotal: 0,
    activeChannelId: null,
    dock: { open: false, channelId: null },
  };
}

const readyHistory = (hasOlder: boolean): ImHistory => ({
  status: 'ready',
  hasOlder,
  loadingOlder: false,
  page: 1,
});

export function createImStore(deps: ImStoreDeps): ImStoreApi {
  return create<ImStore>()((set, get) => {
    // Bumped on reset, so that an answer to a request of the previous user is dropped.
    let generation = 0;
    const readScheduled = new Set<number>();

    const patchChannel = (channelId: number, change: (c: ImChannel) => ImChannel) =>
      set((s) => {
        const channel = s.channels[channelId];
        return channel ? { channels: { ...s.channels, [channelId]: change(channel) } } : {};
      });

    /** Changes a conversation's messages where its history is held. */
    const patchMessages = (
      channelId: number,
      change: (held: readonly ImMessage[]) => readonly ImMessage[],
    ) =>
      set((s) => {
        const held = s.messages[channelId];
        return held ? { messages: { ...s.messages, [channelId]: change(held) } } : {};
      });

    /**
     * Channels into the list by id. `keepHeld`: a further page, read while live events went on;
     * a channel already held (moved up by a message meanwhile) keeps its own copy unless the
     * page's is strictly newer.
     */
    const putChannels = (list: readonly ImChannel[], keepHeld = false) =>
      set((s) => {
        const channels = { ...s.channels };
        for (const c of list) {
          const held = channels[c.id];
          if (keepHeld && held !== undefined && held.updated_at >= c.updated_at) continue;
          channels[c.id] = c;
        }
        const unread = list.reduce((n, c) => n + c.new_messages, 0);
        return { channels, unreadTotal: Math.max(s.unreadTotal, unread) };
      });

    /** Messages into a conversation whose history is held (else only the preview changes). */
    const putMessages = (channelId: number, incoming: readonly ImMessage[]) =>
      set((s) => {
        const me = deps.viewerId();
        let pending = s.pending;
        for (const m of incoming) {
          if (m.user.id === me && m.client_id !== null)
            pending = withoutPending(pending, channelId, m.client_id);
        }
        const held = s.messages[channelId];
        return {
          pending,
          messages:
            held === undefined
              ? s.messages
              : { ...s.messages, [channelId]: mergeMessages(held, incoming) },
        };
      });

    const markRead = (channelId: number) => {
      const channel = get().channels[channelId];
      if (channel === undefined || channel.new_messages === 0) return;
      if (readScheduled.has(channelId)) return;
      readScheduled.add(channelId);
      deps.later(() => {
        readScheduled.delete(channelId);
        const s = get();
        const now = s.channels[channelId];
        if (s.activeChannelId !== channelId || now === undefined || now.new_messages === 0) return;
        // Shown as read at once; the server's count event brings the exact totals.
        set({
          channels: { ...s.channels, [channelId]: { ...now, new_messages: 0 } },
          unreadTotal: Math.max(0, s.unreadTotal - now.new_messages),
        });
        deps.api.read(channelId).catch(() => undefined);
      }, READ_DEBOUNCE_MS);
    };

    const queue = createOutboxQueue<PendingImMessage>({
      find: (clientId) => findPending(get().pending, clientId),
      mark: (clientId, state, error) =>
        set((s) => ({ pending: updatePending(s.pending, clientId, { state, error }) })),
      isConnected: deps.isConnected,
      later: deps.later,
      now: deps.now,
      ...(deps.onSendPaused ? { onPause: deps.onSendPaused } : {}),
      send: async (pending) => {
        const { message } = await deps.api.send(pending.channel_id, {
          text: pending.text,
          client_id: pending.client_id,
          attachments: pending.attachments.map((a) => a.id),
        });
        get().messageStored(message);
      },
    });

    const loadPage = async (channelId: number, page: number) => {
      const started = generation;
      const answer = await deps.api.messages(channelId, page);
      if (started !== generation) return;
      putMessages(channelId, answer.data);
      set((s) => ({
        history: {
          ...s.history,
          [channelId]: { ...readyHistory(answer.hasMore), page },
        },
      }));
    };

    return {
      ...initialData(),

      loadChannels: async () => {
        const started = generation;
        if (get().channelsStatus !== 'ready') set({ channelsStatus: 'loading' });
        try {
          const page = await deps.api.channels(1);
          if (started !== generation) return;
          putChannels(page.data);
          // Again after a reconnect: the further pages read stay, and so does what they said.
          set((s) => ({
            channelsStatus: 'ready',
            channelsPage: Math.max(s.channelsPage, 1),
            channelsHasMore: s.channelsPage > 1 && page.hasMore ? s.channelsHasMore : page.hasMore,
          }));
        } catch {
          if (started === generation && get().channelsStatus !== 'ready')
            set({ channelsStatus: 'error' });
        }
      },

      loadMoreChannels: async () => {
        const s = get();
        if (s.channelsStatus !== 'ready' || !s.channelsHasMore || s.channelsMore === 'loading')
          return;
        const started = generation;
        const page = s.channelsPage + 1;
        set({ channelsMore: 'loading' });
        try {
          const answer = await deps.api.channels(page);
          if (started !== generation) return;
          putChannels(answer.data, true);
          set({ channelsPage: page, channelsHasMore: answer.hasMore, channelsMore: 'idle' });
        } catch {
          // The api client's toast said why; the list offers the button again.
          if (started === generation) set({ channelsMore: 'error' });
        }
      },

      openWith: async (userId) => {
        const channel = await deps.api.openChannel(userId);
        putChannels([channel]);
        return channel.id;
      },

      loadChannel: async (channelId) => {
        const held = get().history[channelId];
        if (held !== undefined && held.status !== 'error') return;
        set((s) => ({
          history: { ...s.history, [channelId]: { ...readyHistory(true), status: 'loading' } },
          messages: { ...s.messages, [channelId]: s.messages[channelId] ?? [] },
        }));
        try {
          await loadPage(channelId, 1);
          // Opened by its address: the list may not hold it; the other person's id finds it.
          if (get().channels[channelId] === undefined) {
            const me = deps.viewerId();
            const other = get().messages[channelId]?.find((m) => m.user.id !== me)?.user.id;
            if (other !== undefined) await get().openWith(other);
          }
          if (get().activeChannelId === channelId) markRead(channelId);
        } catch (error) {
          const notFound =
            error instanceof ApiError && (error.status === 404 || error.status === 403);
          set((s) => ({
            history: {
              ...s.history,
              [channelId]: { ...readyHistory(false), status: notFound ? 'not-found' : 'error' },
            },
          }));
        }
      },

      loadOlder: async (channelId) => {
        const h = get().history[channelId];
        if (h === undefined || h.status !== 'ready' || h.loadingOlder || !h.hasOlder) return;
        set((s) => ({ history: { ...s.history, [channelId]: { ...h, loadingOlder: true } } }));
        try {
          await loadPage(channelId, h.page + 1);
        } finally {
          set((s) => {
            const now = s.history[channelId];
            return now
              ? { history: { ...s.history, [channelId]: { ...now, loadingOlder: false } } }
              : {};
          });
        }
      },

      setActive: (channelId) => {
        if (get().activeChannelId !== channelId) set({ activeChannelId: channelId });
        if (channelId !== null) markRead(channelId);
      },

      send: (channelId, text, attachments = []) => {
        if (text.trim() === '' && attachments.length === 0) return;
        const pending: PendingImMessage = {
          client_id: deps.makeClientId(),
          channel_id: channelId,
          text,
          attachments: [...attachments],
          state: 'queued',
          error: null,
          created_at: new Date(deps.now()).toISOString(),
        };
        set((s) => ({
          pending: { ...s.pending, [channelId]: [...(s.pending[channelId] ?? []), pending] },
        }));
        queue.enqueue(pending.client_id);
      },
      retry: (clientId) => queue.retry(clientId),
      discard: (clientId) => {
        const pending = findPending(get().pending, clientId);
        // One in flight cannot be called back: its answer decides.
        if (pending === undefined || pending.state === 'sending') return;
        set((s) => ({ pending: withoutPending(s.pending, pending.channel_id, clientId) }));
      },
      flushOutbox: () => queue.flush(),

      resync: async () => {
        const started = generation;
        const s = get();
        const open = Object.entries(s.history)
          .filter(([, h]) => h.status === 'ready')
          .map(([id]) => Number(id));
        await Promise.allSettled([
          get().loadChannels(),
          ...open.map(async (channelId) => {
            let lastId = get().messages[channelId]?.at(-1)?.id ?? 0;
            // Page by page from the last id held, until the server says there is no more.
            for (let more = true; more;) {
              const missed = await deps.api.messagesAfter(channelId, lastId);
              if (started !== generation) return;
              putMessages(channelId, missed.data);
              const newest = missed.data.at(-1);
              if (newest) patchChannel(channelId, (c) => withLastMessage(c, newest));
              more = missed.hasMore && newest !== undefined;
              lastId = newest?.id ?? lastId;
            }
            if (get().activeChannelId === channelId) markRead(channelId);
          }),
        ]);
      },

      remove: async (message) => {
        await deps.api.remove(message.id);
        get().messageDeleted({ ...message, deleted: 1, text: '', attachments: [] });
      },
      restore: async (message) => {
        await deps.api.restore(message.id);
        // This tab does not hear its own event (X-Socket-ID), and a deleted message came without
        // its text: the restored message is read back.
        const channelId = message.channel_id;
        const answer = await deps.api.messagesAfter(channelId, message.id - 1).catch(() => null);
        const restored = answer?.data.find((m) => m.id === message.id);
        if (restored) get().messageRestored(restored);
      },

      hydrateCount: (total) => set({ unreadTotal: total }),
      openDock: (channelId = null) => set({ dock: { open: true, channelId } }),
      closeDock: () => set({ dock: { open: false, channelId: null } }),
      reset: () => {
        generation += 1;
        readScheduled.clear();
        set(initialData());
      },

      // Realtime events (Im.*), routed by the dispatcher.
      channelStored: (channel) => putChannels([channel]),
      messageStored: (message) => {
        const channelId = message.channel_id;
        const known = get().messages[channelId]?.some((m) => m.id === message.id) ?? false;
        putMessages(channelId, [message]);
        patchChannel(channelId, (c) => withLastMessage(c, message));
        if (get().channels[channelId] === undefined) void get().loadChannels();
        const me = deps.viewerId();
        if (known || message.user.id === me) return;
        // On screen in a visible tab it counts as read; it rings unless the person is looking.
        const onScreen = get().activeChannelId === channelId;
        if (onScreen) markRead(channelId);
        if (!onScreen || !deps.isFocused())
          notifyMention(deps.soundSettings(), deps.playSound, 'im');
      },
      countUpdated: ({ im_unread_count, channel_id, new_messages }) => {
        set({ unreadTotal: im_unread_count });
        patchChannel(channel_id, (c) => ({ ...c, new_messages }));
        if (new_messages > 0 && get().activeChannelId === channel_id) markRead(channel_id);
      },
      messagesRead: ({ channel_id, reader_id, last_read_id, read_at }) => {
        patchMessages(channel_id, (held) => markReadUpTo(held, reader_id, last_read_id, read_at));
        patchChannel(channel_id, (c) =>
          c.last_message &&
          c.last_message.id <= last_read_id &&
          c.last_message.user.id !== reader_id
            ? {
                ...c,
                last_message: { ...c.last_message, read_at: c.last_message.read_at ?? read_at },
              }
            : c,
        );
      },
      messageDeleted: (message) => updateMessage(message),
      messageRestored: (message) => updateMessage(message),
    };

    function updateMessage(message: ImMessage): void {
      const channelId = message.channel_id;
      patchMessages(channelId, (held) => replaceMessage(held, message));
      patchChannel(channelId, (c) =>
        c.last_message?.id === message.id ? { ...c, last_message: message } : c,
      );
    }
  });
}

/** The site's messenger store. */
export const useImStore: ImStoreApi = createImStore({
  api: createImApi(api),
  viewerId: () => useSessionStore.getState().userData?.user.id ?? null,
  isConnected: () => chatRealtime.isConnected(),
  soundSettings: () => useChatStore.getState().settings,
  playSound,
  isFocused: () => document.visibilityState === 'visible' && document.hasFocus(),
  now: () => Date.now(),
  makeClientId: () => makeClientId(),
  later: (run, ms) => {
    setTimeout(run, ms);
  },
  onSendPaused: showTooFast,
});

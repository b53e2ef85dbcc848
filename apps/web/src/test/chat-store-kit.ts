// Test kit for the chat store: a fake API, a fake connection and a store built on them. Only the
// *.test.ts files import it, so none of it ships with the app.
import type { ChatMessage, ChatState, RoomDetail } from '@chat/shared';
import { vi, type Mock } from 'vitest';
import {
  makeMessage,
  makeMessageUser,
  makeRoomDetail,
  makeRoomUser,
} from '../../../../packages/shared/src/test/chat-fixtures';
import type { ChatApi } from '../features/chat/api';
import { createChatStore, type ChatStoreApi, type ChatViewer } from '../features/chat/store';
import type { ChatRealtime } from '../features/realtime/types';

export { makeMessage, makeMessageUser, makeRoomDetail, makeRoomUser };

export type FakeChatApi = { [K in keyof ChatApi]: Mock<ChatApi[K]> };

export const ME: ChatViewer = { id: 7, slug: 'user-7', nick: 'Me' };

/** Every call answers something harmless unless a test says otherwise. */
export function fakeChatApi(): FakeChatApi {
  const empty: ChatState = { rooms: [], available: [], main_room_id: null };
  return {
    chat: vi.fn(async () => empty),
    enterRoom: vi.fn(async (id: number) => makeRoomDetail({ id })),
    leaveRoom: vi.fn(async () => undefined),
    showRoom: vi.fn(async (id: number) => makeRoomDetail({ id })),
    messagesBefore: vi.fn(async () => []),
    messagesAfter: vi.fn(async () => []),
    latestMessages: vi.fn(async () => []),
    sendMessage: vi.fn(async (roomId: number, body: { text: string; client_id: string }) => ({
      message: makeMessage({
        id: 1000,
        room_id: roomId,
        text: body.text,
        client_id: body.client_id,
        user: makeMessageUser({ id: ME.id }),
      }),
      replay: false,
    })),
    leaveChat: vi.fn(async () => undefined),
    sortRooms: vi.fn(async () => undefined),
    setRoomState: vi.fn(async () => undefined),
    setVisibility: vi.fn(async (_id: number, visible: boolean) => ({ invisible: !visible })),
    createRoom: vi.fn(async () => makeRoomDetail({ id: 99 })),
    updateRoom: vi.fn(async (id: number) => makeRoomDetail({ id })),
    invite: vi.fn(async () => undefined),
    editMessage: vi.fn(async (id: number, body: { text: string }) =>
      makeMessage({ id, text: body.text, edited_at: new Date().toISOString() }),
    ),
    messageEdits: vi.fn(async () => []),
    deleteForMe: vi.fn(async () => undefined),
    deleteForEveryone: vi.fn(async () => undefined),
    addReaction: vi.fn(async () => undefined),
    removeReaction: vi.fn(async () => undefined),
    addQuote: vi.fn(async () => undefined),
    removeQuote: vi.fn(async () => undefined),
    updateSettings: vi.fn(async () => {
      throw new Error('updateSettings not stubbed');
    }),
    setStatus: vi.fn(async (status: string | null) => status),
    ignore: vi.fn(async (userId: number) => [userId]),
    unignore: vi.fn(async () => []),
    setTroll: vi.fn(async () => undefined),
  };
}

export interface FakeRealtime extends ChatRealtime {
  connected: boolean;
  rooms: number[];
  whispers: { roomId: number; data: unknown }[];
}

export function fakeRealtime(connected = true): FakeRealtime {
  const fake: FakeRealtime = {
    connected,
    rooms: [],
    whispers: [],
    isConnected: () => fake.connected,
    syncRooms: (ids) => {
      fake.rooms = [...ids];
    },
    whisper: (roomId, data) => {
      if (!fake.connected) return false;
      fake.whispers.push({ roomId, data });
      return true;
    },
  };
  return fake;
}

export interface Harness {
  store: ChatStoreApi;
  api: FakeChatApi;
  realtime: FakeRealtime;
  sounds: { name: string; volume: number }[];
  /** Callbacks handed to `later`, to run when a test says so. */
  timers: (() => void)[];
  clock: { now: number };
  viewer: { current: ChatViewer | null };
}

export function makeHarness(options: { connected?: boolean } = {}): Harness {
  const api = fakeChatApi();
  const realtime = fakeRealtime(options.connected ?? true);
  const sounds: Harness['sounds'] = [];
  const timers: Harness['timers'] = [];
  const clock = { now: Date.UTC(2025, 0, 1) };
  const viewer: Harness['viewer'] = { current: ME };
  let ids = 0;
  const store = createChatStore({
    api,
    realtime,
    viewer: () => viewer.current,
    playSound: (name, volume) => sounds.push({ name, volume }),
    now: () => clock.now,
    makeClientId: () => `client-${String(++ids).padStart(4, '0')}`,
    later: (run) => timers.push(run),
  });
  return { store, api, realtime, sounds, timers, clock, viewer };
}

/** Loads the store with these rooms, as GET /api/chat would answer. */
export async function loadRooms(h: Harness, rooms: RoomDetail[]): Promise<void> {
  h.api.chat.mockResolvedValueOnce({ rooms, available: [], main_room_id: null });
  await h.store.getState().load();
}

export function messagesOf(h: Harness, roomId: number): ChatMessage[] {
  return h.store.getState().rooms.rooms.find((r) => r.id === roomId)?.messages ?? [];
}

export function idsOf(h: Harness, roomId: number): number[] {
  return messagesOf(h, roomId).map((m) => m.id);
}

/** A promise the test resolves or rejects when it wants to. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks run. */
export async function flushPromises(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

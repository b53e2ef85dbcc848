// Test kit for the messenger: wire objects, a fake API and a store built on it.
import {
  DEFAULT_CHAT_SETTINGS,
  type ImChannel,
  type ImMessage,
  type PublicUser,
} from '@chat/shared';
import { vi, type Mock } from 'vitest';
import { makeNick } from '../../../../packages/shared/src/test/chat-fixtures';
import type { ImApi } from '../features/im/api';
import { createImStore, type ImStoreApi } from '../features/im/store';

export const ME = 100;
export const OTHER = 200;

export function makeImUser(id: number, nick = `User${id}`): PublicUser {
  return {
    id,
    slug: `user-${id}`,
    nick: makeNick(nick),
    avatar: null,
    frame: null,
    premium: false,
    roles: ['user'],
    gender: null,
  };
}

export function makeImMessage(overrides: Partial<ImMessage> & { id: number }): ImMessage {
  return {
    channel_id: 1,
    user: makeImUser(OTHER),
    text: `message ${overrides.id}`,
    attachments: [],
    deleted: 0,
    read_at: null,
    client_id: null,
    created_at: new Date(Date.UTC(2024, 4, 1, 12, 0, overrides.id % 60)).toISOString(),
    ...overrides,
  };
}

export function makeImChannel(overrides: Partial<ImChannel> & { id: number }): ImChannel {
  return {
    user: makeImUser(OTHER),
    last_message: null,
    new_messages: 0,
    updated_at: '2024-05-01T12:00:00.000Z',
    blocked: null,
    ...overrides,
  };
}

export type FakeImApi = { [K in keyof ImApi]: Mock<ImApi[K]> };

export function fakeImApi(): FakeImApi {
  return {
    channels: vi.fn(async () => ({ data: [], hasMore: false })),
    openChannel: vi.fn(async (userId: number) =>
      makeImChannel({ id: 1, user: makeImUser(userId) }),
    ),
    messages: vi.fn(async () => ({ data: [], hasMore: false })),
    messagesAfter: vi.fn(async () => ({ data: [], hasMore: false })),
    send: vi.fn(),
    read: vi.fn(async () => undefined),
    remove: vi.fn(async () => undefined),
    restore: vi.fn(async () => undefined),
  };
}

export interface ImHarness {
  api: FakeImApi;
  store: ImStoreApi;
  sounds: [string, number][];
  connected: { value: boolean };
  focused: { value: boolean };
  /** Runs the timers the store asked for (read marks, retries). */
  runTimers: () => void;
}

export function makeImHarness(): ImHarness {
  const api = fakeImApi();
  const sounds: [string, number][] = [];
  const connected = { value: true };
  const focused = { value: true };
  let timers: (() => void)[] = [];
  let ids = 0;
  const store = createImStore({
    api,
    viewerId: () => ME,
    isConnected: () => connected.value,
    soundSettings: () => ({ ...DEFAULT_CHAT_SETTINGS, mute: false }),
    playSound: (name, volume) => sounds.push([name, volume]),
    isFocused: () => focused.value,
    now: () => Date.UTC(2024, 4, 1, 12, 30),
    makeClientId: () => `client-${String(++ids).padStart(4, '0')}`,
    later: (run) => {
      timers.push(run);
    },
  });
  return {
    api,
    store,
    sounds,
    connected,
    focused,
    runTimers: () => {
      const due = timers;
      timers = [];
      for (const run of due) run();
    },
  };
}

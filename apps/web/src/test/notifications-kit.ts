import { DEFAULT_CHAT_SETTINGS, type ChatSettings, type NotificationWire } from '@chat/shared';
import { vi } from 'vitest';
import type { NotificationsApi } from '../features/notifications/api';
import { createNotificationsStore } from '../features/notifications/store';

// Fixtures of the notifications' tests: a notification, and a store on a fake API.
export const NOW = '2024-05-01T12:00:00.000Z';
export function makeNotification(
  id: number,
  overrides: Partial<NotificationWire> = {},
): NotificationWire {
  return {
    id,
    kind: 'new',
    data: {
      type: 'friend_request',
      user: { id: 500 + id, slug: `u${id}`, nick: { nick: `U${id}` } },
    },
    read_at: null,
    created_at: `2024-05-01T10:00:${String(id % 60).padStart(2, '0')}.000Z`,
    ...overrides,
  };
}

export function makeNotificationsHarness(settings: ChatSettings = DEFAULT_CHAT_SETTINGS) {
  const api = {
    page: vi.fn<NotificationsApi['page']>(async () => ({ data: [], hasMore: false, unread: 0 })),
    read: vi.fn<NotificationsApi['read']>(async (id) => ({
      notification: makeNotification(id, { read_at: NOW }),
      unread: 0,
    })),
    readAll: vi.fn<NotificationsApi['readAll']>(async () => undefined),
    answerFriendRequest: vi.fn<NotificationsApi['answerFriendRequest']>(async () => undefined),
  };
  const playSound = vi.fn();
  const store = createNotificationsStore({
    api,
    soundSettings: () => settings,
    playSound,
    now: () => NOW,
  });
  return { api, playSound, store };
}

import { notificationSchema, type NotificationWire } from '@chat/shared';
import type { ApiClient } from '../../lib/api-client';

export interface NotificationsPage {
  data: NotificationWire[];
  /** False when this was the last page. */
  hasMore: boolean;
  /** The server's unread count at the time of the answer. */
  unread: number | undefined;
}

/** The notification calls of API.md, typed; the notifications store is their only caller. */
export interface NotificationsApi {
  page(page: number): Promise<NotificationsPage>;
  /** Marks one read: the notification as it now is, and the unread count. */
  read(id: number): Promise<{ notification: NotificationWire; unread: number | undefined }>;
  readAll(): Promise<void>;
  /** Adds the person back (a request becomes friendship) or declines (`_method=DELETE`). */
  answerFriendRequest(userId: number, accept: boolean): Promise<void>;
}

const hasMoreOf = (meta: Record<string, unknown> | undefined): boolean => {
  const current = Number(meta?.current_page);
  const last = Number(meta?.last_page);
  return Number.isFinite(current) && Number.isFinite(last) && current < last;
};

const countOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

/**
 * Notifications as the server sent them, keeping only well-formed ones: user data types its
 * list loosely, and one odd item must not take the bell down with it.
 */
export function parseNotifications(list: readonly unknown[]): NotificationWire[] {
  const parsed: NotificationWire[] = [];
  for (const item of list) {
    const result = notificationSchema.safeParse(item);
    if (result.success) parsed.push(result.data);
  }
  return parsed;
}

// The dropdown's refreshes run on their own; a failed one is repaired by the next.
const QUIET = { silent: true } as const;

export function createNotificationsApi(client: ApiClient): NotificationsApi {
  return {
    page: async (page) => {
      const answer = await client.get<unknown[]>('/api/notifications', {
        ...QUIET,
        query: { page: String(page) },
      });
      return {
        data: parseNotifications(answer.data),
        hasMore: hasMoreOf(answer.meta),
        unread: countOf(answer.meta?.unread),
      };
    },
    read: async (id) => {
      const answer = await client.post<NotificationWire>(`/api/notifications/${id}/read`);
      // The read answer carries `unread` beside `data` (API.md); a count missing from it leaves
      // the store to count by itself.
      return { notification: answer.data, unread: countOf(answer.envelope?.unread) };
    },
    readAll: async () => {
      await client.post('/api/notifications/read_all');
    },
    answerFriendRequest: async (userId, accept) => {
      await client.post(`/api/friends/${userId}`, accept ? undefined : { _method: 'DELETE' });
    },
  };
}

import { DEFAULT_CHAT_SETTINGS, type NotificationWire } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import type { NotificationsApi } from './api';
import {
  makeNotification,
  makeNotificationsHarness as harness,
  NOW,
} from '../../test/notifications-kit';

const ids = (list: readonly NotificationWire[]) => list.map((n) => n.id);

describe('notifications store', () => {
  it('hydrates from user data, newest first, dropping malformed items', () => {
    const { store } = harness();
    store.getState().hydrate(1, [makeNotification(1), { id: 'x' }, makeNotification(3), null], 2);
    expect(ids(store.getState().items)).toEqual([3, 1]);
    expect(store.getState().unread).toBe(2);
  });

  it('keeps the live list when the same user data comes again, and clears on another user', () => {
    const { store } = harness();
    store.getState().hydrate(1, [makeNotification(1)], 1);
    store.getState().notificationReceived({ notification: makeNotification(2), unread: 2 });
    store.getState().hydrate(1, [makeNotification(1)], 1);
    expect(ids(store.getState().items)).toEqual([2, 1]);
    expect(store.getState().unread).toBe(2);
    store.getState().hydrate(7, [], 0);
    expect(store.getState().items).toEqual([]);
    store.getState().hydrate(null, [makeNotification(9)], 4);
    expect(store.getState()).toMatchObject({ items: [], unread: 0, userId: null });
  });

  it('puts a new one in front, raises the count and rings', () => {
    const { store, playSound } = harness();
    store.getState().hydrate(1, [makeNotification(1)], 1);
    store.getState().notificationReceived({ notification: makeNotification(2), unread: 2 });
    expect(ids(store.getState().items)).toEqual([2, 1]);
    expect(store.getState().unread).toBe(2);
    expect(playSound).toHaveBeenCalledWith('ding', DEFAULT_CHAT_SETTINGS.notification_volume);
  });

  it('does not count or ring for one that arrives already read', () => {
    const { store, playSound } = harness();
    store.getState().hydrate(1, [], 0);
    store
      .getState()
      .notificationReceived({ notification: makeNotification(2, { read_at: NOW }), unread: 0 });
    expect(ids(store.getState().items)).toEqual([2]);
    expect(store.getState().unread).toBe(0);
    expect(playSound).not.toHaveBeenCalled();
  });

  it('dedupes an event delivered again after a reconnect: no double, no count, no sound', () => {
    const { store, playSound } = harness();
    store.getState().hydrate(1, [makeNotification(1)], 1);
    store.getState().notificationReceived({ notification: makeNotification(1), unread: 5 });
    expect(ids(store.getState().items)).toEqual([1]);
    expect(store.getState().unread).toBe(1);
    expect(playSound).not.toHaveBeenCalled();
  });

  it('stays silent when muted, and ignores malformed events and events while signed out', () => {
    const { store, playSound } = harness({ ...DEFAULT_CHAT_SETTINGS, mute: true });
    store.getState().notificationReceived({ notification: makeNotification(1), unread: 1 });
    expect(store.getState().items).toEqual([]);
    store.getState().hydrate(1, [], 0);
    store.getState().notificationReceived({ notification: makeNotification(1), unread: 1 });
    expect(store.getState().unread).toBe(1);
    expect(playSound).not.toHaveBeenCalled();
    store.getState().notificationReceived({
      notification: { id: 'bad' } as unknown as NotificationWire,
      unread: 9,
    });
    expect(store.getState().unread).toBe(1);
  });

  it('marks one read at once, then takes the server answer and its count', async () => {
    const { store, api } = harness();
    store.getState().hydrate(1, [makeNotification(1), makeNotification(2)], 5);
    api.read.mockResolvedValueOnce({
      notification: makeNotification(2, { read_at: '2024-05-01T11:59:00.000Z' }),
      unread: 3,
    });
    const done = store.getState().markRead(2);
    expect(store.getState().items[0]?.read_at).toBe(NOW);
    expect(store.getState().unread).toBe(4);
    await done;
    expect(api.read).toHaveBeenCalledWith(2);
    expect(store.getState().items[0]?.read_at).toBe('2024-05-01T11:59:00.000Z');
    expect(store.getState().unread).toBe(3);
    // Read already: no second call.
    await store.getState().markRead(2);
    expect(api.read).toHaveBeenCalledTimes(1);
  });

  it('counts by itself when the read answer has no count', async () => {
    const { store, api } = harness();
    store.getState().hydrate(1, [makeNotification(1), makeNotification(2)], 2);
    api.read.mockResolvedValueOnce({
      notification: makeNotification(1, { read_at: NOW }),
      unread: undefined,
    });
    await store.getState().markRead(1);
    expect(store.getState().unread).toBe(1);
  });

  it('marks all read: read_at on each, the count to 0, one call', async () => {
    const { store, api } = harness();
    const old = makeNotification(1, { read_at: '2024-04-01T00:00:00.000Z' });
    store.getState().hydrate(1, [old, makeNotification(2), makeNotification(3)], 2);
    await store.getState().markAllRead();
    expect(api.readAll).toHaveBeenCalledTimes(1);
    expect(store.getState().unread).toBe(0);
    expect(store.getState().items.map((n) => n.read_at)).toEqual([NOW, NOW, old.read_at]);
  });

  it('follows the count from other tabs; 0 reads the whole list here too', () => {
    const { store } = harness();
    store.getState().hydrate(1, [makeNotification(1), makeNotification(2)], 2);
    store.getState().countUpdated({ unread: 1 });
    expect(store.getState().unread).toBe(1);
    store.getState().countUpdated({ unread: -3 });
    expect(store.getState().unread).toBe(1);
    store.getState().countUpdated({ unread: 0 });
    expect(store.getState().unread).toBe(0);
    expect(store.getState().items.every((n) => n.read_at === NOW)).toBe(true);
  });

  it('pages the full list, merging by id with what is held, and stops at the last page', async () => {
    const { store, api, playSound } = harness();
    store.getState().hydrate(1, [makeNotification(30), makeNotification(29)], 2);
    api.page.mockResolvedValueOnce({
      data: [makeNotification(30, { read_at: NOW }), makeNotification(29), makeNotification(28)],
      hasMore: true,
      unread: 1,
    });
    await store.getState().refresh();
    expect(ids(store.getState().items)).toEqual([30, 29, 28]);
    expect(store.getState().items[0]?.read_at).toBe(NOW);
    expect(store.getState()).toMatchObject({ unread: 1, page: 1, hasMore: true });
    api.page.mockResolvedValueOnce({ data: [makeNotification(5)], hasMore: false, unread: 1 });
    await store.getState().loadMore();
    expect(api.page).toHaveBeenLastCalledWith(2);
    expect(ids(store.getState().items)).toEqual([30, 29, 28, 5]);
    expect(store.getState()).toMatchObject({ page: 2, hasMore: false, listStatus: 'ready' });
    await store.getState().loadMore();
    expect(api.page).toHaveBeenCalledTimes(2);
    // What a refresh brings is the past: it never rings.
    expect(playSound).not.toHaveBeenCalled();
  });

  it('shows an error when the first page fails, and drops answers meant for a previous user', async () => {
    const { store, api } = harness();
    store.getState().hydrate(1, [], 0);
    api.page.mockRejectedValueOnce(new Error('network'));
    await store.getState().refresh();
    expect(store.getState().listStatus).toBe('error');
    let answer: (v: Awaited<ReturnType<NotificationsApi['page']>>) => void = () => undefined;
    api.page.mockReturnValueOnce(new Promise((r) => (answer = r)));
    const pending = store.getState().refresh();
    store.getState().hydrate(2, [], 0);
    answer({ data: [makeNotification(1)], hasMore: false, unread: 1 });
    await pending;
    expect(store.getState().items).toEqual([]);
  });

  it('accepts a friend request: adds the person back, then the notification is read', async () => {
    const { store, api } = harness();
    const request = makeNotification(4);
    store.getState().hydrate(1, [request], 1);
    const done = store.getState().answerFriendRequest(request, true);
    expect(store.getState().friendAnswers[4]).toBe('pending');
    await done;
    expect(api.answerFriendRequest).toHaveBeenCalledWith(504, true);
    expect(store.getState().friendAnswers[4]).toBe('accepted');
    expect(api.read).toHaveBeenCalledWith(4);
    expect(store.getState().unread).toBe(0);
  });

  it('declines a friend request; a failed answer can be tried again', async () => {
    const { store, api } = harness();
    const request = makeNotification(4);
    store.getState().hydrate(1, [request], 1);
    api.answerFriendRequest.mockRejectedValueOnce(new Error('429'));
    await store.getState().answerFriendRequest(request, false);
    expect(store.getState().friendAnswers[4]).toBeUndefined();
    expect(store.getState().unread).toBe(1);
    await store.getState().answerFriendRequest(request, false);
    expect(api.answerFriendRequest).toHaveBeenLastCalledWith(504, false);
    expect(store.getState().friendAnswers[4]).toBe('declined');
  });
});

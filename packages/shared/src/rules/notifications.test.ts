import { describe, expect, it } from 'vitest';
import type { NotificationItem, NotificationsState } from './notifications';
import {
  NOTIFICATION_KINDS,
  addNotification,
  isNotificationKind,
  markAllRead,
  markRead,
} from './notifications';

interface Note extends NotificationItem {
  kind: string;
}

const NOW = '2024-05-01T12:00:00.000Z';
const EARLIER = '2024-04-30T08:00:00.000Z';

function note(id: number, read_at: string | null = null): Note {
  return { id, read_at, kind: 'gift' };
}

// Frozen input makes any mutation by the rule throw, since test modules run in strict mode.
function deepFreeze(state: NotificationsState<Note>): NotificationsState<Note> {
  state.items.forEach((item) => Object.freeze(item));
  Object.freeze(state.items);
  return Object.freeze(state);
}

describe('NOTIFICATION_KINDS', () => {
  it("lists the spec's five kinds, then the site's own", () => {
    expect(NOTIFICATION_KINDS).toEqual([
      'new',
      'bonus-every-day',
      'gift',
      'gift-coins',
      'invoice-has-paid',
      'warning',
      'complaint',
      'content',
    ]);
  });

  it('recognises only the listed kinds', () => {
    expect(isNotificationKind('gift-coins')).toBe(true);
    expect(isNotificationKind('simple')).toBe(false);
    expect(isNotificationKind('')).toBe(false);
    expect(isNotificationKind('__proto__')).toBe(false);
    expect(isNotificationKind(1)).toBe(false);
  });
});

describe('addNotification', () => {
  it('puts an unread notification first and counts it', () => {
    const state = deepFreeze({ items: [note(1, EARLIER), note(2)], unread: 1 });
    const next = addNotification(state, note(3));
    expect(next).toEqual({ items: [note(3), note(1, EARLIER), note(2)], unread: 2 });
  });

  it('puts a read notification first without counting it', () => {
    const state = deepFreeze({ items: [note(1)], unread: 1 });
    expect(addNotification(state, note(2, NOW))).toEqual({
      items: [note(2, NOW), note(1)],
      unread: 1,
    });
  });

  it('adds to an empty list', () => {
    expect(addNotification<Note>({ items: [], unread: 0 }, note(7))).toEqual({
      items: [note(7)],
      unread: 1,
    });
  });

  it('does not touch the previous state', () => {
    const items = [note(1)];
    const state: NotificationsState<Note> = { items, unread: 1 };
    const next = addNotification(state, note(2));
    expect(next).not.toBe(state);
    expect(next.items).not.toBe(items);
    expect(state).toEqual({ items: [note(1)], unread: 1 });
  });

  it('replaces a notification delivered twice instead of listing and counting it twice', () => {
    const state = deepFreeze({ items: [note(2), note(1)], unread: 2 });
    expect(addNotification(state, note(1))).toEqual({ items: [note(1), note(2)], unread: 2 });
  });

  it('adjusts the counter when a repeated notification arrives already read', () => {
    const state = deepFreeze({ items: [note(1)], unread: 1 });
    expect(addNotification(state, note(1, NOW))).toEqual({ items: [note(1, NOW)], unread: 0 });
  });

  it('never lets the counter go below zero', () => {
    const state = deepFreeze({ items: [note(1)], unread: 0 });
    expect(addNotification(state, note(1, NOW)).unread).toBe(0);
  });
});

describe('markAllRead', () => {
  it('sets the read time on unread items only and zeroes the counter', () => {
    const state = deepFreeze({ items: [note(1), note(2, EARLIER), note(3)], unread: 2 });
    expect(markAllRead(state, NOW)).toEqual({
      items: [note(1, NOW), note(2, EARLIER), note(3, NOW)],
      unread: 0,
    });
  });

  it('zeroes a counter that was out of step with the list', () => {
    expect(markAllRead<Note>({ items: [], unread: 5 }, NOW)).toEqual({ items: [], unread: 0 });
  });

  it('returns new objects and keeps the old state intact', () => {
    const first = note(1);
    const state: NotificationsState<Note> = { items: [first], unread: 1 };
    const next = markAllRead(state, NOW);
    expect(next.items[0]).not.toBe(first);
    expect(first.read_at).toBeNull();
    expect(state.unread).toBe(1);
  });

  it('keeps the other fields of each notification', () => {
    const state = deepFreeze({ items: [{ id: 1, read_at: null, kind: 'gift-coins' }], unread: 1 });
    expect(markAllRead(state, NOW).items).toEqual([{ id: 1, read_at: NOW, kind: 'gift-coins' }]);
  });
});

describe('markRead', () => {
  it('marks one unread notification and lowers the counter by one', () => {
    const state = deepFreeze({ items: [note(1), note(2)], unread: 2 });
    expect(markRead(state, 2, NOW)).toEqual({ items: [note(1), note(2, NOW)], unread: 1 });
  });

  it('takes the unread count from the server when given', () => {
    const state = deepFreeze({ items: [note(1), note(2)], unread: 2 });
    expect(markRead(state, 1, NOW, 7)).toEqual({ items: [note(1, NOW), note(2)], unread: 7 });
    expect(markRead(state, 1, NOW, 0).unread).toBe(0);
  });

  it('ignores an unusable count from the server', () => {
    const state = deepFreeze({ items: [note(1), note(2)], unread: 2 });
    expect(markRead(state, 1, NOW, -1).unread).toBe(1);
    expect(markRead(state, 1, NOW, Number.NaN).unread).toBe(1);
    expect(markRead(state, 1, NOW, 1.5).unread).toBe(1);
  });

  it('keeps the first read time of a notification already read', () => {
    const state = deepFreeze({ items: [note(1, EARLIER)], unread: 0 });
    expect(markRead(state, 1, NOW)).toEqual({ items: [note(1, EARLIER)], unread: 0 });
  });

  it('changes nothing but the counter for an unknown id', () => {
    const state = deepFreeze({ items: [note(1)], unread: 1 });
    expect(markRead(state, 99, NOW)).toEqual({ items: [note(1)], unread: 1 });
    expect(markRead(state, 99, NOW, 0)).toEqual({ items: [note(1)], unread: 0 });
  });

  it('never lets the counter go below zero', () => {
    const state = deepFreeze({ items: [note(1)], unread: 0 });
    expect(markRead(state, 1, NOW).unread).toBe(0);
  });

  it('returns a new state and leaves the old one intact', () => {
    const first = note(1);
    const state: NotificationsState<Note> = { items: [first], unread: 1 };
    const next = markRead(state, 1, NOW);
    expect(next).not.toBe(state);
    expect(first.read_at).toBeNull();
    expect(state.unread).toBe(1);
  });
});

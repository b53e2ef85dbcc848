import type { NotificationWire } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { notificationText } from './components/notification-text';
import { describeNotification } from './describe';

const note = (data: Record<string, unknown>): NotificationWire => ({
  id: 1,
  kind: 'gift',
  data,
  read_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
});
const text = (n: NotificationWire, lng: 'en' | 'ru' = 'en') =>
  notificationText(describeNotification(n, lng), i18n.getFixedT(lng, 'notifications'));

describe('gift notifications', () => {
  it('say who sent what', () => {
    const data = {
      user: { id: 7, slug: 'boris', nick: { nick: 'Boris' } },
      gift: { name: 'Rose' },
    };
    expect(text(note(data))).toBe('Boris sent you a gift: Rose');
  });

  it('say "anonymous" for an anonymous gift, even if a sender slipped into the data', () => {
    const data = {
      anonymous: true,
      user: { nick: 'Boris' },
      gift: { name: { ru: 'Роза', en: 'Rose' } },
    };
    expect(text(note(data))).toBe('An anonymous gift for you: Rose');
    const female = { ...data, user: { nick: 'Marina', gender: 'female' } };
    expect(text(note(female), 'ru')).toBe('Вам подарок от анонима: Роза');
    expect(text(note({ anonymous: true }), 'ru')).toBe('Вам подарок от анонима');
  });

  it('name premium given as a gift, and the sender of coins', () => {
    const sender = { id: 7, slug: 'boris', nick: { nick: 'Boris' } };
    expect(text(note({ premium: 'quarter', sender }))).toBe('Boris gave you premium: 3 months');
    expect(text(note({ premium: 'year', sender }), 'ru')).toBe(
      'Пользователь Boris подарил вам премиум: 1 год',
    );
    const coins = { ...note({ amount: 5, sender }), kind: 'gift-coins' };
    expect(text(coins)).toBe('Boris gave you 5 coins');
  });
});

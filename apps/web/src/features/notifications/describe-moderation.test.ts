import type { NotificationWire } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { notificationText } from './components/notification-text';
import { describeNotification } from './describe';

const note = (kind: string, data: Record<string, unknown>): NotificationWire => ({
  id: 1,
  kind,
  data,
  read_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
});
const text = (n: NotificationWire, lng: 'en' | 'ru' = 'en') =>
  notificationText(describeNotification(n, lng), i18n.getFixedT(lng, 'notifications'));

describe('moderation notifications', () => {
  it('a warning names the reason in words', () => {
    expect(text(note('warning', { reason: 'taboo', taboo: 'drugs', comment: null }))).toBe(
      'A moderator warned you: Taboo topics: Drugs',
    );
    expect(text(note('warning', { reason: 'flood', comment: 'slow down' }), 'ru')).toBe(
      'Модератор вынес вам предупреждение: Флуд. «slow down»',
    );
  });

  it('a complaint or appeal answered, or a reply in its thread, leads to the complaint', () => {
    const resolved = describeNotification(
      note('complaint', { complaint_id: 9, status: 'accepted', is_appeal: true }),
      'en',
    );
    expect(resolved).toMatchObject({ type: 'complaint', complaintId: 9 });
    expect(text(note('complaint', { complaint_id: 9, status: 'accepted', is_appeal: true }))).toBe(
      'Your appeal was answered: accepted',
    );
    expect(text(note('complaint', { complaint_id: 9, comment: true }))).toBe(
      'A new reply in your complaint',
    );
  });

  it('a refused photo or text says why', () => {
    expect(
      text(
        note('content', {
          subject_type: 'photo',
          subject_id: 4,
          status: 'refused',
          reason: 'Blurry',
        }),
      ),
    ).toBe('Your photo was refused: Blurry');
    expect(text(note('content', { subject_type: 'about', status: 'accepted', reason: null }))).toBe(
      'Your “About me” text was accepted',
    );
  });
});

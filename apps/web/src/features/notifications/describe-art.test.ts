import type { NotificationWire } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { notificationText } from './components/notification-text';
import { describeNotification } from './describe';

const note = (data: Record<string, unknown>): NotificationWire => ({
  id: 1,
  kind: 'new',
  data,
  read_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
});
const text = (n: NotificationWire, lng: 'en' | 'ru' = 'en') =>
  notificationText(describeNotification(n, lng), i18n.getFixedT(lng, 'notifications'));
const user = { id: 5, slug: 'anna', nick: { nick: 'Anna' }, gender: 'female' };
const art = (type: string, count: number) =>
  note({ type, post_id: 9, post_slug: 'koshka', post_title: 'Кошка <i>на</i> окне', count, user });

describe('art notifications', () => {
  it('one like names the person; more are counted with Russian plurals', () => {
    expect(describeNotification(art('art_like', 1), 'en')).toMatchObject({
      type: 'art_like',
      postSlug: 'koshka',
      count: 1,
    });
    expect(text(art('art_like', 1))).toBe('Anna liked “Кошка <i>на</i> окне”');
    expect(text(art('art_like', 1), 'ru')).toBe('Anna оценила работу «Кошка <i>на</i> окне»');
    expect(text(art('art_like', 5))).toBe('5 people liked “Кошка <i>на</i> окне”');
    expect(text(art('art_like', 5), 'ru')).toBe('5 человек оценили работу «Кошка <i>на</i> окне»');
    expect(text(art('art_like', 3), 'ru')).toBe('3 человека оценили работу «Кошка <i>на</i> окне»');
    expect(text(art('art_like', 21), 'ru')).toBe('21 человек оценил работу «Кошка <i>на</i> окне»');
  });

  it('comments: one named, several counted', () => {
    expect(text(art('art_comment', 1))).toBe('Anna commented on “Кошка <i>на</i> окне”');
    expect(text(art('art_comment', 2), 'ru')).toBe(
      '2 новых комментария к работе «Кошка <i>на</i> окне»',
    );
    expect(text(art('art_comment', 11))).toBe('11 new comments on “Кошка <i>на</i> окне”');
  });

  it('a refused art post leads to it', () => {
    const refused: NotificationWire = {
      ...note({}),
      kind: 'content',
      data: { subject_type: 'art_post', subject_id: 9, status: 'refused', post_slug: 'koshka' },
    };
    expect(describeNotification(refused, 'en')).toMatchObject({
      type: 'content',
      subject: 'art_post',
      artSlug: 'koshka',
    });
    expect(text(refused, 'ru')).toBe('Ваша работа в арте отклонена');
  });
});

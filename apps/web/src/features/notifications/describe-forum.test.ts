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
const user = { id: 5, slug: 'anna', nick: { nick: 'Anna' }, gender: 'female' };
const thread = { id: 3, slug: 'kotiki', subject: 'Котики <b>и</b> кошки' };

describe('forum notifications', () => {
  it('a reply in a followed thread names it and leads to the post', () => {
    const reply = note('new', { type: 'forum_reply', user, thread, post_id: 44, text: 'Мяу' });
    expect(describeNotification(reply, 'ru')).toMatchObject({
      type: 'forum_reply',
      threadSlug: 'kotiki',
      postId: 44,
      excerpt: 'Мяу',
    });
    expect(text(reply, 'ru')).toBe('Anna ответила в теме «Котики <b>и</b> кошки»');
    expect(text(reply)).toBe('Anna replied in “Котики <b>и</b> кошки”');
  });

  it('a mention, and a post refused by a moderator', () => {
    const mention = note('new', { type: 'forum_mention', user, thread, post_id: 45, text: '' });
    expect(text(mention)).toBe('Anna mentioned you in “Котики <b>и</b> кошки”');
    const refused = note('content', {
      subject_type: 'forum_post',
      subject_id: 45,
      status: 'refused',
      reason: 'spam',
      thread_slug: 'kotiki',
    });
    expect(describeNotification(refused, 'en')).toMatchObject({
      type: 'content',
      subject: 'forum_post',
      threadSlug: 'kotiki',
      postId: 45,
    });
    expect(text(refused, 'ru')).toBe('Ваше сообщение на форуме отклонено: spam');
  });
});

import type { NotificationWire } from '@chat/shared';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { localePath } from '../../../lib/locale-path';
import { useLocale } from '../../../lib/use-locale';
import { roomName } from '../../chat/room-name';
import { useChatStore } from '../../chat/store';
import { useSessionStore } from '../../session/store';
import { listTime } from '../../../shared/time-format';
import { describeNotification, VIEW_ICONS, type NotificationView } from '../describe';
import { NotificationIcon } from './notification-icon';
import { notificationText } from './notification-text';
import { useNotificationActions, useNotifications } from './store-context';

/** A forum post's place in its thread (a path without the locale). */
function forumPostPath(slug: string | null, postId: number | null): string | null {
  if (slug === null) return null;
  const at = postId === null ? '' : `?post=${postId}`;
  return `/forum/thread/${encodeURIComponent(slug)}${at}`;
}

/** An art post (a path without the locale). */
const artPostPath = (slug: string | null): string | null =>
  slug === null ? null : `/art/post/${encodeURIComponent(slug)}`;

/** Where a click on the notification leads (a path without the locale), if anywhere. */
function destination(view: NotificationView): string | null {
  switch (view.type) {
    case 'friend_request':
    case 'friend_accepted':
    case 'partner_confirmed':
      return view.slug ? `/profile/${encodeURIComponent(view.slug)}` : null;
    case 'partner_request':
      return '/my/profile';
    case 'mention':
      // The room's own address: the chat page opens (or enters) it.
      return view.roomId === null ? null : `/chat/${view.roomId}`;
    case 'new_device':
    case 'password_reset':
    case 'sign_in_locked':
      return '/my/security';
    case 'complaint':
      return view.complaintId === null ? null : `/complaints/${view.complaintId}`;
    case 'content':
      if (view.subject === 'forum_post') return forumPostPath(view.threadSlug, view.postId);
      if (view.subject === 'art_post' || view.subject === 'art_comment')
        return artPostPath(view.artSlug);
      return view.subject === 'photo' ? '/my/photos' : '/my/profile';
    case 'forum_reply':
    case 'forum_mention':
      return forumPostPath(view.threadSlug, view.postId);
    case 'art_like':
    case 'art_comment':
      return artPostPath(view.postSlug);
    case 'invoice':
      return '/balance/invoices';
    case 'bonus':
    case 'gift_coins':
      return '/balance/history';
    default:
      return null;
  }
}

export interface NotificationItemProps {
  notification: NotificationWire;
  /** After a click that leaves for another page (the dropdown closes). */
  onNavigate?: () => void;
}

/** One notification: its icon, sentence, time and what can be done about it. */
export function NotificationItem({ notification, onNavigate }: NotificationItemProps) {
  const { t } = useTranslation('notifications');
  const locale = useLocale();
  const navigate = useNavigate();
  const actions = useNotificationActions();
  const answered = useNotifications((s) => s.friendAnswers[notification.id]);
  const rooms = useChatStore((s) => s.rooms);
  const view = describeNotification(notification, locale, (id) => {
    const room = rooms.rooms.find((r) => r.id === id) ?? rooms.available.find((r) => r.id === id);
    return room ? roomName(room, locale) : '';
  });
  const unread = notification.read_at === null;
  // Friends already (accepted here before, or from their profile): nothing left to answer.
  const userId = view.type === 'friend_request' ? view.userId : null;
  const isFriend = useSessionStore(
    (s) => userId !== null && (s.userData?.friends.some((f) => f.id === userId) ?? false),
  );
  const answer = answered ?? (isFriend ? 'accepted' : undefined);
  const to = destination(view);

  const open = () => {
    void actions.markRead(notification.id);
    if (to === null) return;
    onNavigate?.();
    void navigate(localePath(locale, to));
  };

  return (
    <div
      className={`notification-item${unread ? ' is-unread' : ''}`}
      data-testid="notification"
      data-notification-id={notification.id}
      data-type={view.type}
      data-unread={unread ? 'true' : 'false'}
    >
      <NotificationIcon name={VIEW_ICONS[view.type]} />
      <div className="notification-body">
        <button
          type="button"
          className="notification-text"
          onClick={open}
          data-testid="notification-open"
        >
          {notificationText(view, t)}
          {(view.type === 'mention' ||
            view.type === 'forum_reply' ||
            view.type === 'forum_mention') &&
            view.excerpt && <span className="notification-excerpt">{view.excerpt}</span>}
        </button>
        {view.type === 'friend_request' && view.userId !== null && (
          <div className="notification-actions">
            {answer === 'accepted' || answer === 'declined' ? (
              <span className="small text-body-secondary" data-testid="friend-answer">
                {t(`action.${answer}`)}
              </span>
            ) : (
              <>
                <Button
                  size="sm"
                  variant="primary"
                  disabled={answer === 'pending'}
                  onClick={() => void actions.answerFriendRequest(notification, true)}
                  data-testid="friend-accept"
                >
                  {t('action.accept')}
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={answer === 'pending'}
                  onClick={() => void actions.answerFriendRequest(notification, false)}
                  data-testid="friend-decline"
                >
                  {t('action.decline')}
                </Button>
              </>
            )}
          </div>
        )}
        {view.type === 'partner_request' && (
          <Link
            to={localePath(locale, '/my/profile')}
            className="small"
            onClick={() => {
              void actions.markRead(notification.id);
              onNavigate?.();
            }}
          >
            {t('action.confirmPartner')}
          </Link>
        )}
        <time className="notification-time" dateTime={notification.created_at}>
          {listTime(notification.created_at, locale, new Date())}
        </time>
      </div>
      {unread && (
        <span className="notification-dot">
          <span className="visually-hidden">{t('unreadMark')}</span>
        </span>
      )}
    </div>
  );
}

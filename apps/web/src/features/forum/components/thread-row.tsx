import type { ForumThread } from '@chat/shared';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { forumThreadPath } from '../links';
import { ForumAuthor } from './forum-author';
import { LastPost } from './last-post';

/** One thread of a category: marks, subject, author, counts, the newest post, my unread. */
export function ThreadRow({ thread }: { thread: ForumThread }) {
  const { t } = useTranslation('forum');
  const locale = useLocale();
  const replies = Math.max(0, thread.posts_count - 1);
  return (
    <li
      className={`forum-thread-row${thread.pinned ? ' is-pinned' : ''}${thread.unread > 0 || thread.is_new ? ' is-unread' : ''}`}
      data-testid={`forum-thread-${thread.id}`}
    >
      <div className="forum-thread-main">
        <div className="forum-thread-subject">
          {thread.pinned && (
            <Badge bg="warning" text="dark" className="me-1">
              {t('marks.pinned')}
            </Badge>
          )}
          {thread.locked && (
            <Badge bg="secondary" className="me-1">
              {t('marks.locked')}
            </Badge>
          )}
          {thread.status === 'refused' && (
            <Badge bg="danger" className="me-1">
              {t('marks.refused')}
            </Badge>
          )}
          <Link to={forumThreadPath(locale, thread.slug)} className="fw-semibold">
            {thread.subject}
          </Link>
          {thread.is_new && (
            <Badge bg="primary" className="ms-2" data-testid={`forum-thread-new-${thread.id}`}>
              {t('marks.new')}
            </Badge>
          )}
          {!thread.is_new && thread.unread > 0 && (
            <Link
              to={forumThreadPath(locale, thread.slug)}
              className="badge text-bg-primary ms-2 text-decoration-none"
              aria-label={t('marks.unreadLabel', { count: thread.unread })}
              data-testid={`forum-thread-unread-${thread.id}`}
            >
              {t('marks.unread', { count: thread.unread })}
            </Link>
          )}
        </div>
        <div className="small text-body-secondary">
          <ForumAuthor user={thread.author} />
        </div>
      </div>
      <dl className="forum-counts small">
        <div>
          <dt>{t('counts.replies')}</dt>
          <dd>{replies}</dd>
        </div>
        <div>
          <dt>{t('counts.views')}</dt>
          <dd>{thread.views}</dd>
        </div>
      </dl>
      <div className="forum-thread-last">
        <LastPost last={thread.last_post} withSubject={false} />
      </div>
    </li>
  );
}

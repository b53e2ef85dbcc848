import type { ForumLastPost } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { useNow } from '../../../shared/hooks/use-now';
import { timeAgo } from '../../my/time-ago';
import { forumThreadPath } from '../links';
import { ForumAuthor } from './forum-author';

/** "Re: subject · nick · 5 minutes ago", the newest post of a category or a thread. */
export function LastPost({
  last,
  withSubject,
}: {
  last: ForumLastPost | null;
  withSubject: boolean;
}) {
  const { t } = useTranslation('forum');
  const locale = useLocale();
  const now = useNow(60_000);
  if (last === null) return <span className="text-body-secondary">{t('noPosts')}</span>;
  const when = timeAgo(last.created_at, now, locale);
  return (
    <span className="forum-last-post small">
      {withSubject && (
        <Link
          to={forumThreadPath(locale, last.thread.slug, { post: last.post_id })}
          className="forum-last-subject text-truncate"
        >
          {last.thread.subject}
        </Link>
      )}
      <span className="forum-last-meta text-body-secondary">
        <ForumAuthor user={last.author} />
        {' · '}
        {withSubject ? (
          <time dateTime={last.created_at}>{when}</time>
        ) : (
          <Link
            to={forumThreadPath(locale, last.thread.slug, { post: last.post_id })}
            className="text-body-secondary"
            title={t('toLastPost')}
          >
            <time dateTime={last.created_at}>{when}</time>
          </Link>
        )}
      </span>
    </span>
  );
}

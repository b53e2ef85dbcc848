import '../../../styles/home-forum.css';
import type { ForumThread } from '@chat/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../lib/locale-path';
import { useLocale } from '../../../lib/use-locale';
import { listTime } from '../../../shared/time-format';
import { UserLink } from '../../../shared/ui/user-link';
import { fetchLatestThreads, HOME_THREADS } from '../latest-threads-api';

const threadPath = (locale: ReturnType<typeof useLocale>, slug: string) =>
  localePath(locale, `/forum/thread/${encodeURIComponent(slug)}`);

/**
 * The forum's newest threads (GET /api/forum/latest), fetched once this chunk has come, so the
 * first paint neither waits for them nor carries their code; nothing while none (or a failure).
 */
export function LatestThreads() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [threads, setThreads] = useState<ForumThread[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchLatestThreads(controller.signal).then(setThreads, () => undefined);
    return () => controller.abort();
  }, []);
  if (!threads || threads.length === 0) return null;
  const now = new Date();
  return (
    <section className="home-section" aria-labelledby="home-forum-title" data-testid="home-forum">
      <div className="d-flex align-items-baseline justify-content-between gap-3">
        <h2 id="home-forum-title" className="home-section-title">
          {t('home:forum.title')}
        </h2>
        <Link to={localePath(locale, '/forum')} className="small" data-testid="home-forum-all">
          {t('home:forum.all')}
        </Link>
      </div>
      <ol className="home-threads list-unstyled mb-0">
        {threads.slice(0, HOME_THREADS).map((thread) => {
          const replies = Math.max(0, thread.posts_count - 1);
          const at = thread.last_post?.created_at ?? thread.created_at;
          return (
            <li key={thread.id} className="home-thread" data-testid="home-thread">
              <Link
                to={threadPath(locale, thread.slug)}
                className="home-thread-subject"
                data-testid="home-thread-link"
              >
                <bdi>{thread.subject}</bdi>
              </Link>
              <p className="home-thread-meta">
                <Link to={localePath(locale, `/forum/${encodeURIComponent(thread.category.slug)}`)}>
                  <bdi>{thread.category.name}</bdi>
                </Link>
                {thread.author && (
                  <span>
                    <UserLink user={thread.author} />
                  </span>
                )}
                <span data-testid="home-thread-replies">
                  {replies === 0
                    ? t('home:forum.noReplies')
                    : t('home:forum.replies', { count: replies })}
                </span>
                <time dateTime={at}>{listTime(at, locale, now)}</time>
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

import type { ForumPost } from '@chat/shared';
import { useCallback, useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { postAnchor } from '../links';

const inView = (element: Element | null) =>
  element !== null && element.getBoundingClientRect().top < window.innerHeight;

/**
 * Replies heard live while the reader is further up: they are appended below (nothing moves),
 * and counted for the pill until the reader scrolls down to them.
 */
export function useFreshReplies() {
  const [ids, setIds] = useState<readonly number[]>([]);
  /** Called before the new post is drawn: the last post on screen decides "at the bottom". */
  const heard = useCallback((post: ForumPost) => {
    const posts = document.querySelectorAll('.forum-post');
    const last = posts.item(posts.length - 1);
    if (last !== null && !inView(last)) setIds((list) => [...list, post.id]);
  }, []);
  const clear = useCallback(() => setIds([]), []);
  useEffect(() => {
    if (ids.length === 0) return;
    const check = () => {
      const newest = ids[ids.length - 1];
      if (newest !== undefined && inView(document.getElementById(postAnchor(newest)))) clear();
    };
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [ids, clear]);
  return { ids, heard, clear };
}

/** "3 new replies": scrolls to the first of them. */
export function NewRepliesPill({ fresh }: { fresh: ReturnType<typeof useFreshReplies> }) {
  const { t } = useTranslation('forum');
  const first = fresh.ids[0];
  if (first === undefined) return null;
  return (
    <div className="forum-new-pill" aria-live="polite">
      <Button
        size="sm"
        className="rounded-pill shadow"
        onClick={() => {
          const element = document.getElementById(postAnchor(first));
          element?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
          element?.focus({ preventScroll: true });
          fresh.clear();
        }}
        data-testid="forum-new-replies"
      >
        {t('newReplies', { count: fresh.ids.length })}
      </Button>
    </div>
  );
}

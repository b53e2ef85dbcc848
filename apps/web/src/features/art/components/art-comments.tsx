import type { ArtComment, ArtPostPage } from '@chat/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { artApi } from '../api';
import { mergeComments } from '../comments';
import { CommentItem } from './comment-item';

interface ArtCommentsProps {
  postId: number;
  /** The page's first comments and how many pages there are. */
  first: ArtPostPage['comments'];
  comments: readonly ArtComment[];
  onComments: (change: (shown: readonly ArtComment[]) => ArtComment[]) => void;
  onDelete: (comment: ArtComment) => void;
  onReport: (comment: ArtComment) => void;
  /** The box to write one, or why not (a guest's "sign in"). */
  form: ReactNode;
}

/**
 * Flat comments in the order written: the newest page first (the server pages oldest first, so
 * a long thread opens at its last page), earlier pages on request, the box under them.
 */
export function ArtComments({
  postId,
  first,
  comments,
  onComments,
  onDelete,
  onReport,
  form,
}: ArtCommentsProps) {
  const { t } = useTranslation('art');
  const last = first.meta.last_page;
  // The lowest page shown: earlier ones come on request.
  const [lowest, setLowest] = useState(first.meta.current_page);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const earlier = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const next = await artApi.comments(postId, lowest - 1);
      onComments((shown) => mergeComments(shown, next.data));
      setLowest(next.meta.current_page);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  // A long thread opens at its last page (with whatever arrived live meanwhile).
  useEffect(() => {
    if (first.meta.current_page !== 1 || last <= 1) return;
    let shown = true;
    artApi.comments(postId, last).then(
      (next) => {
        if (!shown) return;
        const from = next.data[0]?.id ?? 0;
        onComments((list) =>
          mergeComments(
            list.filter((c) => c.id > from),
            next.data,
          ),
        );
        setLowest(next.meta.current_page);
      },
      () => undefined,
    );
    return () => {
      shown = false;
    };
    // Once per post: the page's first answer decides where to open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [postId]);
  const more = lowest > 1;
  return (
    <section
      className="art-comments"
      aria-labelledby="art-comments-title"
      data-testid="art-comments"
    >
      <h2 className="h5" id="art-comments-title">
        {t('comments.title', { count: Math.max(first.meta.total, comments.length) })}
      </h2>
      {more && (
        <Button
          variant="link"
          className="px-0"
          onClick={() => void earlier()}
          disabled={loading}
          data-testid="art-comments-earlier"
        >
          {loading && <Spinner size="sm" animation="border" className="me-2" aria-hidden />}
          {t('comments.earlier')}
        </Button>
      )}
      {failed && (
        <p className="text-danger small" role="alert">
          {t('loadFailed')}
        </p>
      )}
      {comments.length === 0 ? (
        <p className="text-body-secondary" data-testid="art-comments-empty">
          {t('comments.none')}
        </p>
      ) : (
        <ol
          className="list-unstyled mb-0"
          aria-live="polite"
          aria-relevant="additions"
          data-testid="art-comment-list"
        >
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              onDelete={onDelete}
              onReport={onReport}
            />
          ))}
        </ol>
      )}
      {form}
    </section>
  );
}

import type { ArtComment } from '@chat/shared';
import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { AvatarWithFrame } from '../../../shared/ui/avatar-with-frame';
import { ServerHtml } from '../../../shared/ui/server-html';
import { StyledNick } from '../../../shared/ui/styled-nick';
import { formatWhen } from '../../../shared/ui/when';
import { useLiveUserOrNull } from '../../../shared/users/user-cache';
import { profilePath } from '../../profiles/links';

interface CommentItemProps {
  comment: ArtComment;
  onDelete: (comment: ArtComment) => void;
  onReport: (comment: ArtComment) => void;
}

/** One comment: author, time, the server's sanitized HTML, and delete or report when allowed. */
export function CommentItem({ comment, onDelete, onReport }: CommentItemProps) {
  const { t } = useTranslation('art');
  const locale = useLocale();
  const author = useLiveUserOrNull(comment.author);
  return (
    <li className="art-comment" data-testid={`art-comment-${comment.id}`}>
      <div className="art-comment-head small">
        {author ? (
          <Link to={profilePath(locale, author.slug)} className="forum-author text-decoration-none">
            <AvatarWithFrame user={author} size={28} />
            <StyledNick nick={author.nick} />
          </Link>
        ) : (
          <span className="text-body-secondary">{t('deletedUser')}</span>
        )}
        <time dateTime={comment.created_at} className="text-body-secondary">
          {formatWhen(comment.created_at, locale)}
        </time>
        {comment.status === 'refused' && <Badge bg="danger">{t('refused')}</Badge>}
        <span className="ms-auto d-flex gap-1">
          {comment.abilities?.complain && (
            <Button
              variant="link"
              size="sm"
              className="p-0"
              onClick={() => onReport(comment)}
              data-testid="art-comment-report"
            >
              {t('report')}
            </Button>
          )}
          {comment.abilities?.delete && (
            <Button
              variant="link"
              size="sm"
              className="p-0 text-danger"
              onClick={() => onDelete(comment)}
              data-testid="art-comment-delete"
            >
              {t('delete')}
            </Button>
          )}
        </span>
      </div>
      <ServerHtml html={comment.html} />
    </li>
  );
}

import type { ArtPost } from '@chat/shared';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { AvatarWithFrame } from '../../../shared/ui/avatar-with-frame';
import { StyledNick } from '../../../shared/ui/styled-nick';
import { formatWhen } from '../../../shared/ui/when';
import { useLiveUserOrNull } from '../../../shared/users/user-cache';
import { profilePath } from '../../profiles/links';
import { artPath } from '../links';

/** Where the post is, its title, who made it and when. */
export function ArtPostHeader({ post }: { post: ArtPost }) {
  const { t } = useTranslation('art');
  const locale = useLocale();
  const author = useLiveUserOrNull(post.author);
  return (
    <header className="mb-3">
      <nav aria-label={t('breadcrumb')} className="small mb-1">
        <Link to={artPath(locale)}>{t('title')}</Link>
        {' › '}
        <Link to={artPath(locale, post.group.slug)}>{post.group.name}</Link>
      </nav>
      <h1 className="h3 art-post-title mb-2" data-testid="art-post-title">
        {post.title}
        {post.adult && (
          <Badge bg="danger" className="ms-2 align-middle fs-6">
            18+
          </Badge>
        )}
      </h1>
      <p className="d-flex flex-wrap align-items-center gap-2 small mb-0">
        {author ? (
          <Link
            to={profilePath(locale, author.slug)}
            className="forum-author text-decoration-none"
            data-testid="art-post-author"
          >
            <AvatarWithFrame user={author} size={32} />
            <StyledNick nick={author.nick} />
          </Link>
        ) : (
          <span className="text-body-secondary">{t('deletedUser')}</span>
        )}
        <time dateTime={post.created_at} className="text-body-secondary">
          {formatWhen(post.created_at, locale)}
        </time>
        {post.edited_at !== null && (
          <span className="text-body-secondary">· {t('post.edited')}</span>
        )}
        {/* Awaiting a moderator: told to those who may edit it (others see it, or not at all). */}
        {post.abilities.edit && (post.status === 'new' || post.status === 'updated') && (
          <Badge bg="warning" text="dark">
            {t('held')}
          </Badge>
        )}
        {post.status === 'refused' && <Badge bg="danger">{t('refused')}</Badge>}
      </p>
    </header>
  );
}

import type { ArtPostCard } from '@chat/shared';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { StyledNick } from '../../../shared/ui/styled-nick';
import { useLiveUserOrNull } from '../../../shared/users/user-cache';
import { artPostPath } from '../links';
import { gridRatio, isAdultPicture } from '../picture-box';
import { ArtThumb } from './art-thumb';

/** The height a row of cards aims at, in CSS pixels (rows stretch to the width from there). */
export const ROW_HEIGHT = 200;

/**
 * A post in a gallery: its first picture (blurred when the post is 18+), how many pictures there
 * are, the title, the author and its likes and comments. The card grows with its picture's
 * proportions, so a row of cards fills the width at one height (a justified grid).
 */
export function ArtCard({
  post,
  rowHeight = ROW_HEIGHT,
}: {
  post: ArtPostCard;
  rowHeight?: number;
}) {
  const { t } = useTranslation('art');
  const locale = useLocale();
  const author = useLiveUserOrNull(post.author);
  const first = post.pictures[0];
  const ratio = gridRatio(first);
  // The basis is the width at the row's height (art.css; lower rows on a phone).
  const style = {
    flexGrow: ratio,
    '--art-ratio': ratio.toFixed(4),
    '--art-row': `${rowHeight}px`,
  } as CSSProperties;
  const adult = post.adult || isAdultPicture(first);
  return (
    <li className="art-card" style={style} data-testid={`art-card-${post.id}`}>
      <Link to={artPostPath(locale, post.slug)} className="art-card-link">
        <ArtThumb picture={first} blurred={adult} alt="" />
        {post.pictures.length > 1 && (
          <span
            className="art-card-count"
            aria-label={t('card.pictures', { count: post.pictures.length })}
          >
            {post.pictures.length}
          </span>
        )}
        {adult && <span className="art-card-adult">18+</span>}
        {/* Only its author (in their own gallery) and staff are shown a refused post. */}
        {post.status === 'refused' && (
          <span className="art-card-refused badge text-bg-danger">{t('refused')}</span>
        )}
        <span className="art-card-title text-truncate">{post.title}</span>
      </Link>
      <div className="art-card-meta small">
        <span className="art-card-author text-truncate">
          {author ? <StyledNick nick={author.nick} /> : t('deletedUser')}
        </span>
        <span className="art-card-counts">
          <span title={t('card.likes', { count: post.likes_count })}>
            <span aria-hidden>♥</span>{' '}
            <span className="visually-hidden">{t('card.likes', { count: post.likes_count })}</span>
            <span aria-hidden>{post.likes_count}</span>
          </span>
          <span title={t('card.comments', { count: post.comments_count })}>
            <span aria-hidden>💬</span>{' '}
            <span className="visually-hidden">
              {t('card.comments', { count: post.comments_count })}
            </span>
            <span aria-hidden>{post.comments_count}</span>
          </span>
        </span>
      </div>
    </li>
  );
}

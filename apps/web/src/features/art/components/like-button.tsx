import type { PublicUser } from '@chat/shared';
import { Button, OverlayTrigger, Popover } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { StyledNick } from '../../../shared/ui/styled-nick';

interface LikeButtonProps {
  liked: boolean;
  count: number;
  likedBy: readonly PublicUser[];
  /** Guests and the sanctioned may look but not like. */
  canLike: boolean;
  onToggle: () => void;
  /** The list is about to show: a chance to read it again when the count has outgrown it. */
  onPeek?: () => void;
}

/** ♥ and the count: pressed when I like it; who liked it on hover, focus or a tap on the count. */
export function LikeButton({ liked, count, likedBy, canLike, onToggle, onPeek }: LikeButtonProps) {
  const { t } = useTranslation('art');
  const who = (
    <Popover id="art-liked-by" className="art-liked-by">
      <Popover.Body data-testid="art-liked-by">
        {likedBy.length === 0
          ? t('like.nobody')
          : likedBy.map((user, at) => (
              <span key={user.id}>
                {at > 0 && ', '}
                <StyledNick nick={user.nick} />
              </span>
            ))}
        {count > likedBy.length && ` ${t('like.andMore', { count: count - likedBy.length })}`}
      </Popover.Body>
    </Popover>
  );
  return (
    <span className="d-inline-flex align-items-center gap-1">
      <Button
        variant={liked ? 'danger' : 'outline-danger'}
        size="sm"
        className={`art-like${liked ? ' is-liked' : ''}`}
        aria-pressed={liked}
        disabled={!canLike}
        onClick={onToggle}
        title={canLike ? undefined : t('like.signIn')}
        data-testid="art-like"
      >
        <span aria-hidden>♥</span> {liked ? t('like.liked') : t('like.like')}
      </Button>
      <OverlayTrigger
        trigger={['hover', 'focus', 'click']}
        placement="top"
        overlay={who}
        rootClose
        onToggle={(shown) => {
          if (shown) onPeek?.();
        }}
      >
        <Button
          variant="link"
          size="sm"
          aria-label={t('like.who', { count })}
          data-testid="art-like-count"
        >
          {count}
        </Button>
      </OverlayTrigger>
    </span>
  );
}

import type { PublicUser } from '@chat/shared';
import { UserAvatar } from './user-avatar';

/** How much wider than the avatar a frame is drawn: its ornament sits around the circle. */
export const FRAME_SCALE = 1.28;

/** A frame picture from the site itself (or its storage): a user-chosen id, never any URL. */
export function isFrameUrl(frame: string | null | undefined): frame is string {
  return typeof frame === 'string' && /^(\/[^/\\]|https:\/\/)/.test(frame);
}

interface AvatarWithFrameProps {
  user: Pick<PublicUser, 'avatar' | 'nick'> & { frame?: string | null };
  size: number;
  className?: string;
}

/**
 * The round avatar with the user's frame drawn around it (spec: a user has an avatar and a
 * frame). The box keeps the avatar's size, so that lists do not move when a frame is chosen;
 * the frame overflows it evenly on every side.
 */
export function AvatarWithFrame({ user, size, className }: AvatarWithFrameProps) {
  const frame = isFrameUrl(user.frame) ? user.frame : null;
  const framed = Math.round(size * FRAME_SCALE);
  return (
    <span
      className={`avatar-framed${className ? ` ${className}` : ''}`}
      style={{ width: size, height: size }}
      data-frame={frame ?? undefined}
    >
      <UserAvatar user={user} size={size} />
      {frame && (
        <img
          src={frame}
          alt=""
          aria-hidden="true"
          className="avatar-frame"
          width={framed}
          height={framed}
          style={{ width: framed, height: framed, margin: -(framed - size) / 2 }}
          data-testid="avatar-frame"
        />
      )}
    </span>
  );
}

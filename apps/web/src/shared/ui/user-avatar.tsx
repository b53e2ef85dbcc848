import type { PublicUser } from '@chat/shared';

const HUES = [262, 200, 330, 160, 20, 230, 290, 180];

/** A stable colour per nick, so a letter avatar looks the same everywhere. */
function hueOf(nick: string): number {
  let hash = 0;
  for (const char of nick) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return HUES[hash % HUES.length] ?? 262;
}

export function firstLetter(nick: string): string {
  return (Array.from(nick.trim())[0] ?? '?').toLocaleUpperCase();
}

interface UserAvatarProps {
  user: Pick<PublicUser, 'avatar' | 'nick'>;
  size: number;
}

/** The user's picture, or a circle with the first letter of the nick when there is none. */
export function UserAvatar({ user, size }: UserAvatarProps) {
  const nick = user.nick.nick;
  const style = { width: size, height: size };
  if (user.avatar) {
    return (
      <img
        src={user.avatar}
        alt={nick}
        className="user-avatar rounded-circle"
        style={style}
        data-testid="user-avatar"
      />
    );
  }
  const hue = hueOf(nick);
  return (
    <span
      className="user-avatar user-avatar-letter rounded-circle"
      style={{
        ...style,
        fontSize: Math.round(size * 0.45),
        background: `linear-gradient(135deg, hsl(${hue} 80% 62%), hsl(${hue + 25} 75% 48%))`,
      }}
      role="img"
      aria-label={nick}
      data-testid="user-avatar"
    >
      {firstLetter(nick)}
    </span>
  );
}

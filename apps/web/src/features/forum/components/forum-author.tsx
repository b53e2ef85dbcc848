import type { PublicUser } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { AvatarWithFrame } from '../../../shared/ui/avatar-with-frame';
import { StyledNick } from '../../../shared/ui/styled-nick';
import { useLiveUserOrNull } from '../../../shared/users/user-cache';
import { profilePath } from '../../profiles/links';

/** A post's or a list's author: avatar (optional) and styled nick linking to the profile. */
export function ForumAuthor({
  user: given,
  avatar,
  className,
}: {
  user: PublicUser | null;
  /** The avatar's size; none: the nick alone. */
  avatar?: number;
  className?: string;
}) {
  const { t } = useTranslation('forum');
  const user = useLiveUserOrNull(given);
  const locale = useLocale();
  if (user === null)
    return <span className={`text-body-secondary ${className ?? ''}`}>{t('deletedUser')}</span>;
  return (
    <Link
      to={profilePath(locale, user.slug)}
      className={`forum-author text-decoration-none ${className ?? ''}`}
    >
      {avatar !== undefined && <AvatarWithFrame user={user} size={avatar} />}
      <StyledNick nick={user.nick} className="text-truncate" />
    </Link>
  );
}

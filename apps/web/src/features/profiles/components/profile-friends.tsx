import type { PublicUser } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { profilePath } from '../links';
import { AvatarWithFrame } from '../../../shared/ui/avatar-with-frame';

/** The user's friends as avatars linking to their profiles; the count covers those not shown. */
export function ProfileFriends({
  friends,
  count,
}: {
  friends: readonly PublicUser[];
  count: number;
}) {
  const { t } = useTranslation('profiles');
  const locale = useLocale();
  if (friends.length === 0) {
    return <p className="text-body-secondary small mb-0">{t('profile.noFriends')}</p>;
  }
  const more = count - friends.length;
  return (
    <ul className="profile-friends list-unstyled mb-0" data-testid="profile-friends">
      {friends.map((friend) => (
        <li key={friend.id}>
          <Link
            to={profilePath(locale, friend.slug)}
            className="profile-friend"
            title={friend.nick.nick}
            data-testid={`profile-friend-${friend.id}`}
          >
            <AvatarWithFrame user={friend} size={48} />
            <span className="profile-friend-nick text-truncate">{friend.nick.nick}</span>
          </Link>
        </li>
      ))}
      {more > 0 && (
        <li className="profile-friends-more small text-body-secondary">
          {t('profile.moreFriends', { count: more })}
        </li>
      )}
    </ul>
  );
}

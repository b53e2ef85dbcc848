import type { PublicUser } from '@chat/shared';
import { Link } from 'react-router';
import { useLocale } from '../../lib/use-locale';
import { StyledNick } from './styled-nick';
import { profilePath } from '../../features/profiles/links';
import { useLiveUser } from '../users/user-cache';

/** A person in a list (moderation, complaints, balance): the styled nick, linking to the profile. */
export function UserLink({ user: given }: { user: PublicUser }) {
  const user = useLiveUser(given);
  const locale = useLocale();
  return (
    <Link to={profilePath(locale, user.slug)} className="text-decoration-none">
      <StyledNick nick={user.nick} />
    </Link>
  );
}

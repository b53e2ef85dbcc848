import type { PublicUser } from '@chat/shared';
import type { ReactNode } from 'react';
import { ListGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { Nick } from '../../shared/ui/nick';
import { useFontFamily } from '../../shared/hooks/use-fonts';
import { UserAvatar } from '../../shared/ui/user-avatar';

/** A person in one of the tab's lists: avatar, styled nick linking to the profile, actions. */
export function UserRow({ user, children }: { user: PublicUser; children?: ReactNode }) {
  const locale = useLocale();
  const fontFamily = useFontFamily(user.nick.font_id);
  return (
    <ListGroup.Item className="d-flex align-items-center gap-2 flex-wrap" data-testid="user-row">
      <UserAvatar user={user} size={32} />
      <Link
        to={localePath(locale, `/profile/${user.slug}`)}
        className="flex-grow-1 text-decoration-none text-truncate"
      >
        <Nick nick={user.nick} showGradients fontFamily={fontFamily} />
      </Link>
      {children}
    </ListGroup.Item>
  );
}

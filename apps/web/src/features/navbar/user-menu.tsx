import { isRegistered } from '../session/permissions';
import type { UserData } from '@chat/shared';
import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { logout } from '../auth/api';
import { useNavbarAvatarSize } from '../session/hooks';
import { pushToast } from '../toasts/store';
import { Link } from 'react-router';
import { useLocale } from '../../lib/use-locale';
import { AvatarWithFrame } from '../../shared/ui/avatar-with-frame';
import { profilePath } from '../profiles/links';
import { localePath } from '../../lib/locale-path';

/** The "My profile" tabs the menu leads to (a guest has only the chat settings). */
const MY_MENU_TABS = ['profile', 'photos', 'nick', 'security', 'chat'] as const;

export function UserMenu({ userData }: { userData: UserData }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const size = useNavbarAvatarSize();
  const { user } = userData;
  const guest = !isRegistered(userData);
  const roles = userData.roles.map((role) => t(`common:roles.${role}`, { defaultValue: role }));

  const onLogout = async () => {
    await logout();
    pushToast({ text: t('auth:loggedOut'), variant: 'primary' });
  };

  return (
    <Dropdown align="end" className="user-menu">
      <Dropdown.Toggle
        variant="link"
        className="user-menu-toggle p-0 d-flex align-items-center gap-2 text-decoration-none"
        aria-label={t('common:nav.userMenu')}
        data-testid="user-menu"
      >
        {/* The toggle's name is "Account menu"; the picture (a letter at times) adds no words. */}
        <span aria-hidden="true" className="d-inline-flex">
          <AvatarWithFrame user={user} size={size} />
        </span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="shadow border-0">
        <Dropdown.Header className="user-menu-header">
          <div className="fw-semibold text-body text-truncate" data-testid="user-menu-nick">
            {user.nick.nick}
          </div>
          <div className="small">{roles.join(', ')}</div>
        </Dropdown.Header>
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to={profilePath(locale, user.slug)} data-testid="my-profile">
          {t('profiles:nav.myProfile')}
        </Dropdown.Item>
        {MY_MENU_TABS.filter((tab) => !guest || tab === 'chat').map((tab) => (
          <Dropdown.Item
            key={tab}
            as={Link}
            to={localePath(locale, `/my/${tab}`)}
            data-testid={`my-menu-${tab}`}
          >
            {t(`my:userMenu.${tab}`)}
          </Dropdown.Item>
        ))}
        {!guest && (
          <Dropdown.Item
            as={Link}
            to={localePath(locale, '/premium')}
            data-testid="my-menu-premium"
          >
            {t('premium:title')}
          </Dropdown.Item>
        )}
        <Dropdown.Item
          as={Link}
          to={localePath(locale, '/complaints')}
          data-testid="my-menu-complaints"
        >
          {t('complaints:nav')}
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item as="button" onClick={() => void onLogout()} data-testid="logout">
          {t('common:nav.logout')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

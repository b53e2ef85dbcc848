import { useState } from 'react';
import { Button, Container, Nav, Navbar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { useAuthDialogStore, type AuthDialog } from '../auth/auth-store';
import { useSessionStore } from '../session/store';
import { ChatNavLink } from './chat-nav-link';
import { ImNavLink } from './im-nav-link';
import { ModerationNavLink } from './moderation-nav-link';
import { LanguageSwitch } from './language-switch';
import { NotificationBell } from './notification-bell';
import { BalanceNav } from '../balance/components/balance-nav';
import { UserMenu } from './user-menu';
import { profilesPath } from '../profiles/links';

export function AppNavbar() {
  const { t } = useTranslation();
  const locale = useLocale();
  const userData = useSessionStore((s) => s.userData);
  const showDialog = useAuthDialogStore((s) => s.show);
  // The phone menu folds away when it opens a modal or the page changes (language switch).
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const expanded = openAt === pathname;
  const showAuth = (dialog: AuthDialog) => {
    setOpenAt(null);
    showDialog(dialog);
  };

  return (
    <Navbar
      expand="md"
      className="app-navbar"
      collapseOnSelect
      expanded={expanded}
      onToggle={(open) => setOpenAt(open ? pathname : null)}
    >
      <Container>
        <Navbar.Brand as={Link} to={localePath(locale)} className="d-flex align-items-center gap-2">
          <span className="brand-logo" aria-hidden="true" />
          <span className="brand-name">{t('common:appName')}</span>
        </Navbar.Brand>
        <div className="d-flex align-items-center gap-2 order-md-last">
          <BalanceNav />
          <NotificationBell />
          {userData && <UserMenu userData={userData} />}
          <Navbar.Toggle aria-controls="main-nav" label={t('common:nav.toggle')} />
        </div>
        <Navbar.Collapse id="main-nav">
          <Nav className="me-auto">
            <Nav.Link as={Link} to={localePath(locale)} eventKey="home">
              {t('common:nav.home')}
            </Nav.Link>
            <ChatNavLink />
            <ImNavLink />
            <Nav.Link
              as={Link}
              to={profilesPath(locale)}
              eventKey="people"
              data-testid="nav-people"
            >
              {t('profiles:nav.people')}
            </Nav.Link>
            <ModerationNavLink />
          </Nav>
          <Nav className="align-items-md-center gap-md-2">
            <LanguageSwitch />
            {!userData && (
              <>
                <Nav.Link
                  as="button"
                  className="text-start border-0 bg-transparent"
                  onClick={() => showAuth('signIn')}
                  data-testid="nav-sign-in"
                >
                  {t('common:nav.signIn')}
                </Nav.Link>
                <Button
                  variant="primary"
                  className="ms-md-1"
                  onClick={() => showAuth('register')}
                  data-testid="nav-register"
                >
                  {t('common:nav.register')}
                </Button>
              </>
            )}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}

import { useState, type MouseEvent } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { useAuthDialogStore, type AuthDialog } from '../auth/auth-store';
import { useSessionStore } from '../session/store';
import { LanguageSwitch } from './language-switch';
import { NavSearch, NavSearchToggle } from './nav-search';
import { profilesPath } from '../profiles/links';
import { useSignedInNav } from './signed-in-loader';
import { UnreadNavLink } from './unread-nav-link';

export function AppNavbar() {
  const { t } = useTranslation();
  const locale = useLocale();
  const userData = useSessionStore((s) => s.userData);
  const showDialog = useAuthDialogStore((s) => s.show);
  const signedInParts = useSignedInNav(userData !== null);
  // The phone menu folds away when it opens a modal or the page changes (language switch).
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const expanded = openAt === pathname;
  const [searchOpen, setSearchOpen] = useState(false);
  const showAuth = (dialog: AuthDialog) => {
    setOpenAt(null);
    showDialog(dialog);
  };

  // A link chosen in the phone menu folds it (Bootstrap's markup without react-bootstrap's
  // Navbar, whose collapse and offcanvas would load with every page).
  const foldOnLink = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a')) setOpenAt(null);
  };

  return (
    <nav className="navbar navbar-expand-xl app-navbar">
      <div className="container">
        <Link to={localePath(locale)} className="navbar-brand d-flex align-items-center gap-2">
          <span className="brand-logo" aria-hidden="true" />
          <span className="brand-name">{t('common:appName')}</span>
        </Link>
        <div className="navbar-end d-flex align-items-center gap-2 order-xl-last">
          {signedInParts && <signedInParts.UnreadTitle />}
          {signedInParts && <signedInParts.BalanceNav />}
          {signedInParts && <signedInParts.NotificationBell />}
          {signedInParts && userData && <signedInParts.UserMenu userData={userData} />}
          <NavSearchToggle open={searchOpen} onToggle={() => setSearchOpen(!searchOpen)} />
          <button
            type="button"
            className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
            aria-controls="main-nav"
            aria-expanded={expanded}
            aria-label={t('common:nav.toggle')}
            onClick={() => setOpenAt(expanded ? null : pathname)}
          >
            <span className="navbar-toggler-icon" />
          </button>
        </div>
        <NavSearch open={searchOpen} onClose={() => setSearchOpen(false)} />
        <div
          id="main-nav"
          className={`navbar-collapse collapse${expanded ? ' show' : ''}`}
          onClick={foldOnLink}
        >
          <div className="navbar-nav me-auto">
            <Link to={localePath(locale)} className="nav-link">
              {t('common:nav.home')}
            </Link>
            {signedInParts ? (
              <signedInParts.ChatNavLink />
            ) : (
              // A visitor has no rooms, so nothing unread: the same link without the chat's store.
              <UnreadNavLink
                path="/chat"
                name="chat"
                label={t('common:nav.chat')}
                unread={0}
                unreadLabel=""
              />
            )}
            {signedInParts && <signedInParts.ImNavLink />}
            <Link to={localePath(locale, '/forum')} className="nav-link" data-testid="nav-forum">
              {t('common:nav.forum')}
            </Link>
            <Link to={localePath(locale, '/art')} className="nav-link" data-testid="nav-art">
              {t('common:nav.art')}
            </Link>
            <Link to={localePath(locale, '/quote')} className="nav-link" data-testid="nav-quotes">
              {t('common:nav.quotes')}
            </Link>
            <Link to={profilesPath(locale)} className="nav-link" data-testid="nav-people">
              {t('common:nav.people')}
            </Link>
            {signedInParts && <signedInParts.StaffNavLinks />}
          </div>
          <div className="navbar-nav align-items-xl-center gap-xl-2">
            <LanguageSwitch />
            {!userData && (
              <>
                <button
                  type="button"
                  className="nav-link text-start border-0 bg-transparent"
                  onClick={() => showAuth('signIn')}
                  data-testid="nav-sign-in"
                >
                  {t('common:nav.signIn')}
                </button>
                <Button
                  variant="primary"
                  className="ms-xl-1"
                  onClick={() => showAuth('register')}
                  data-testid="nav-register"
                >
                  {t('common:nav.register')}
                </Button>
              </>
            )}
          </div>
        </div>
      </div>
    </nav>
  );
}

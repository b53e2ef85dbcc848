import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { useImStore } from '../im/store';
import { useSessionStore } from '../session/store';

/**
 * "Messages" in the navbar with the total of unread private messages, live from the `Im.*`
 * events. Registered users only: visitors and guests cannot write privately, and a link that
 * only says so would crowd the navbar; they meet the rule where they try to write.
 */
export function ImNavLink() {
  const { t } = useTranslation('im');
  const locale = useLocale();
  const registered = useSessionStore(
    (s) => s.userData !== null && !s.userData.roles.includes('guest'),
  );
  const unread = useImStore((s) => s.unreadTotal);
  if (!registered) return null;
  return (
    <Nav.Link
      as={NavLink}
      to={localePath(locale, '/im')}
      eventKey="im"
      className="d-inline-flex align-items-center gap-2"
      data-testid="nav-im"
    >
      {t('nav.link')}
      {unread > 0 && (
        <span className="nav-unread" data-testid="nav-im-unread">
          <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
          <span className="visually-hidden">{t('nav.unread', { count: unread })}</span>
        </span>
      )}
    </Nav.Link>
  );
}

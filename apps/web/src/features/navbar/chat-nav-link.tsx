import { totalUnread } from '@chat/shared';
import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { useChatStore } from '../chat/store';

/** "Chat" in the navbar, with how many messages wait unread in my rooms. */
export function ChatNavLink() {
  const { t } = useTranslation();
  const locale = useLocale();
  const unread = useChatStore((s) => totalUnread(s.rooms));
  return (
    <Nav.Link
      as={NavLink}
      to={localePath(locale, '/chat')}
      eventKey="chat"
      className="d-inline-flex align-items-center gap-2"
      data-testid="nav-chat"
    >
      {t('common:nav.chat')}
      {unread > 0 && (
        <span className="nav-unread" data-testid="nav-chat-unread">
          <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
          <span className="visually-hidden">{t('common:nav.chatUnread', { count: unread })}</span>
        </span>
      )}
    </Nav.Link>
  );
}

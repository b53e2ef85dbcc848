import { useIsRegistered } from '../session/permissions';
import { abbreviateNumber } from '@chat/shared';
import { useState } from 'react';
import { Button, Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';
import { BellIcon } from '../notifications/components/notification-icon';
import { NotificationItem } from '../notifications/components/notification-item';
import {
  useNotificationActions,
  useNotifications,
} from '../notifications/components/store-context';

/** How many of the newest the dropdown shows; the rest are in the full list. */
export const BELL_ITEMS = 8;

/**
 * The bell: the unread count (abbreviated past 999, spec section 9) and a dropdown of the newest
 * notifications. Registered users only: a guest has no friends to ask, no devices page and no
 * payments, so an always-empty bell would only take room in the navbar.
 */
export function NotificationBell() {
  const registered = useIsRegistered();
  if (!registered) return null;
  return <Bell />;
}

function Bell() {
  const { t } = useTranslation('notifications');
  const actions = useNotificationActions();
  const unread = useNotifications((s) => s.unread);
  const items = useNotifications((s) => s.items);
  const [open, setOpen] = useState(false);
  const locale = useLocale();

  const toggle = (next: boolean) => {
    setOpen(next);
    // What other devices read or received while this tab slept.
    if (next) void actions.refresh();
  };

  return (
    <Dropdown align="end" show={open} onToggle={toggle} autoClose="outside" className="bell">
      <Dropdown.Toggle
        variant="link"
        className="bell-toggle p-0 text-decoration-none"
        aria-label={unread > 0 ? `${t('bell')}: ${t('unread', { count: unread })}` : t('bell')}
        data-testid="bell"
      >
        <BellIcon />
        {unread > 0 && (
          <span className="bell-count" aria-hidden="true" data-testid="bell-count">
            {abbreviateNumber(unread)}
          </span>
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu className="bell-menu shadow border-0 p-0" data-testid="bell-menu">
        <div className="bell-menu-header">
          <span className="fw-semibold">{t('title')}</span>
          <Button
            size="sm"
            variant="link"
            className="p-0"
            disabled={unread === 0}
            onClick={() => void actions.markAllRead()}
            data-testid="bell-read-all"
          >
            {t('markAllRead')}
          </Button>
        </div>
        <div className="bell-menu-items" role="list">
          {items.length === 0 && <p className="bell-empty">{t('empty')}</p>}
          {items.slice(0, BELL_ITEMS).map((n) => (
            <div role="listitem" key={n.id}>
              <NotificationItem notification={n} onNavigate={() => setOpen(false)} />
            </div>
          ))}
        </div>
        <div className="bell-menu-footer">
          {/* The full list is a tab of /my: the spec's route table has no page of its own. */}
          <Link
            to={localePath(locale, '/my/notifications')}
            className="small py-1"
            onClick={() => setOpen(false)}
            data-testid="bell-all"
          >
            {t('all')}
          </Link>
        </div>
      </Dropdown.Menu>
    </Dropdown>
  );
}

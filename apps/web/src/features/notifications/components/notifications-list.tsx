import { useEffect } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NotificationItem } from './notification-item';
import {
  useNotificationActions,
  useNotifications,
  useNotificationsStoreApi,
} from './store-context';

export interface NotificationsListProps {
  /** After a click that leaves for another page. */
  onNavigate?: () => void;
}

/** Every notification, newest first, page by page: the full list behind the bell. */
export function NotificationsList({ onNavigate }: NotificationsListProps) {
  const { t } = useTranslation('notifications');
  const actions = useNotificationActions();
  const items = useNotifications((s) => s.items);
  const unread = useNotifications((s) => s.unread);
  const status = useNotifications((s) => s.listStatus);
  const hasMore = useNotifications((s) => s.hasMore);
  const page = useNotifications((s) => s.page);

  const store = useNotificationsStoreApi();
  useEffect(() => {
    void store.getState().refresh();
  }, [store]);

  return (
    <div className="notifications-list" data-testid="notifications-list">
      <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
        <span className="small text-body-secondary">
          {unread > 0 ? t('unread', { count: unread }) : ''}
        </span>
        <Button
          size="sm"
          variant="link"
          disabled={unread === 0}
          onClick={() => void actions.markAllRead()}
          data-testid="notifications-list-read-all"
        >
          {t('markAllRead')}
        </Button>
      </div>
      {items.length === 0 && status !== 'loading' && status !== 'error' && (
        <p className="text-body-secondary my-3">{t('empty')}</p>
      )}
      <div role="list" className="notifications-items">
        {items.map((n) => (
          <div role="listitem" key={n.id}>
            <NotificationItem notification={n} onNavigate={onNavigate} />
          </div>
        ))}
      </div>
      {status === 'loading' && (
        <div className="text-center my-3" role="status">
          <Spinner size="sm" animation="border" />
          <span className="visually-hidden">{t('loading')}</span>
        </div>
      )}
      {status === 'error' && (
        <div className="text-center my-3" role="alert">
          <p className="mb-2">{t('error')}</p>
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => void (page === 0 ? actions.refresh() : actions.loadMore())}
          >
            {t('retry')}
          </Button>
        </div>
      )}
      {status === 'ready' && hasMore && (
        <div className="text-center my-3">
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => void actions.loadMore()}
            data-testid="notifications-load-more"
          >
            {t('loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}

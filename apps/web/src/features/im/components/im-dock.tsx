import { CloseButton } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../lib/locale-path';
import { useLocale } from '../../../lib/use-locale';
import { useImStore } from '../store';
import { ImProvider } from './im-context';
import { ImIcon } from './im-icon';
import { Messenger } from './messenger';

/**
 * The messenger docked inside the chat page (the spec's "instant messaging through channels"):
 * the same list and conversation, one pane at a time, without leaving the room.
 */
export function ImDock() {
  const { t } = useTranslation('im');
  const locale = useLocale();
  const dock = useImStore((s) => s.dock);
  if (!dock.open) return null;
  const closeDock = () => useImStore.getState().closeDock();
  const openDock = (id: number | null) => useImStore.getState().openDock(id);
  return (
    <ImProvider store={useImStore}>
      <aside className="im-dock" aria-label={t('dock.open')} data-testid="im-dock">
        <div className="im-dock-head">
          <span className="im-dock-title">{t('title')}</span>
          <Link
            className="im-dock-full small"
            to={localePath(locale, dock.channelId === null ? '/im' : `/im/${dock.channelId}`)}
            onClick={closeDock}
          >
            {t('dock.full')}
          </Link>
          <CloseButton
            onClick={closeDock}
            aria-label={t('dock.close')}
            data-testid="im-dock-close"
          />
        </div>
        <Messenger channelId={dock.channelId} onSelect={(id) => openDock(id)} single />
      </aside>
    </ImProvider>
  );
}

/** The chat header's button that opens the dock, with the unread private messages. */
export function ImDockButton() {
  const { t } = useTranslation('im');
  const unread = useImStore((s) => s.unreadTotal);
  const open = useImStore((s) => s.dock.open);
  return (
    <button
      type="button"
      className={`chat-icon-btn im-dock-btn${open ? ' is-open' : ''}`}
      onClick={() => {
        const im = useImStore.getState();
        if (open) im.closeDock();
        else im.openDock();
      }}
      aria-label={open ? t('dock.close') : t('dock.open')}
      title={t('dock.open')}
      aria-expanded={open}
      data-testid="im-dock-toggle"
    >
      <ImIcon size={18} />
      {unread > 0 && (
        <span className="im-dock-count" data-testid="im-dock-unread">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}

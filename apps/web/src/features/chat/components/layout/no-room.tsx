import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../lib/use-locale';
import { useChat, useChatActions } from '../chat-context';
import { GearIcon, UsersIcon } from '../../../../shared/ui/icons';
import { settle } from '../../../../lib/settle';
import { roomName } from '../../room-name';

/** In no room (every tab closed, or a new user): the rooms to enter, as big buttons. */
export function NoRoom({ onSettings }: { onSettings: () => void }) {
  const { t } = useTranslation('chat');
  const locale = useLocale();
  const actions = useChatActions();
  const available = useChat((s) => s.rooms.available);
  const sorted = [...available].sort((a, b) => b.users_count - a.users_count);
  return (
    <div className="chat-no-room" data-testid="no-room">
      <button
        type="button"
        className="chat-icon-btn chat-no-room-settings"
        onClick={onSettings}
        aria-label={t('header.settings')}
        title={t('header.settings')}
        data-testid="open-settings"
      >
        <GearIcon size={18} />
      </button>
      <div className="chat-no-room-icon" aria-hidden="true">
        <UsersIcon size={30} />
      </div>
      <h1 className="h4">{t('noRooms.title')}</h1>
      <p className="text-body-secondary">{t('noRooms.lead')}</p>
      <div className="chat-room-cards">
        {sorted.map((room) => (
          <button
            key={room.id}
            type="button"
            className="chat-room-card"
            onClick={() => settle(actions.enterRoom(room.id))}
            data-testid={`enter-room-card-${room.id}`}
          >
            <bdi className="fw-semibold text-truncate">{roomName(room, locale)}</bdi>
            <span className="chat-room-count">
              <UsersIcon size={13} />
              {room.users_count}
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}

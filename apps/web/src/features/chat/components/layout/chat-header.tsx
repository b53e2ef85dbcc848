import type { RoomDetail } from '@chat/shared';
import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../lib/use-locale';
import { useRoomUsers } from '../../hooks/use-room-users';
import { useViewer } from '../../hooks/use-viewer';
import {
  EditIcon,
  GearIcon,
  LockIcon,
  LogOutIcon,
  MoreIcon,
  UsersIcon,
} from '../../../../shared/ui/icons';
import { roomName } from '../../room-name';
import { ImDockButton } from '../../../im/components/im-dock';
import { GuestRegisterButton } from '../guest/guest-chat-notice';
import { useRoomSlots } from './room-slots';

interface ChatHeaderProps {
  room: RoomDetail;
  desktop: boolean;
  onUsers: () => void;
  onSettings: () => void;
  onProperties: () => void;
  onLeaveChat: () => void;
}

/** The current room's name and the screen's buttons (people, settings, properties). */
export function ChatHeader(props: ChatHeaderProps) {
  const { room, desktop, onUsers, onSettings, onProperties, onLeaveChat } = props;
  const { t } = useTranslation('chat');
  const locale = useLocale();
  const viewer = useViewer();
  const slots = useRoomSlots();
  // The server says what I may do with the room; the rule is not repeated here.
  const canEdit = room.abilities?.update ?? false;
  const { visible, hiddenGuests } = useRoomUsers(room.id);
  const online = visible.length;

  return (
    <div className="chat-header">
      <div className="chat-header-title">
        {/* A long name is cut here: the title shows it whole. */}
        <h1 className="chat-room-title" title={roomName(room, locale)} data-testid="room-title">
          {!room.public && <LockIcon size={15} className="me-1 text-body-secondary" />}
          <bdi>{roomName(room, locale)}</bdi>
        </h1>
        <span className="chat-header-sub" data-testid="room-people">
          {t('rooms.usersCount', { count: online })}
          {hiddenGuests > 0 && ` · ${t('users.guestsHidden', { count: hiddenGuests })}`}
        </span>
      </div>
      <div className="chat-header-actions">
        <GuestRegisterButton />
        {viewer.can('im.send') && <ImDockButton />}
        {slots?.headerAction(room)}
        {canEdit && (
          <button
            type="button"
            className="chat-icon-btn"
            onClick={onProperties}
            aria-label={t('rooms.properties')}
            title={t('rooms.properties')}
            data-testid="room-properties"
          >
            <EditIcon size={17} />
          </button>
        )}
        {!desktop && (
          <button
            type="button"
            className="chat-icon-btn chat-users-btn"
            onClick={onUsers}
            aria-label={t('header.users')}
            title={t('header.users')}
            data-testid="open-users"
          >
            <UsersIcon size={18} />
            <span className="chat-users-btn-count">{online}</span>
          </button>
        )}
        <button
          type="button"
          className="chat-icon-btn"
          onClick={onSettings}
          aria-label={t('header.settings')}
          title={t('header.settings')}
          data-testid="open-settings"
        >
          <GearIcon size={18} />
        </button>
        {!desktop && (
          <Dropdown align="end">
            <Dropdown.Toggle
              as="button"
              type="button"
              className="chat-icon-btn no-caret"
              aria-label={t('header.more')}
              data-testid="header-more"
            >
              <MoreIcon size={18} />
            </Dropdown.Toggle>
            <Dropdown.Menu
              className="shadow border-0 chat-menu"
              popperConfig={{ strategy: 'fixed' }}
            >
              <Dropdown.Item as="button" onClick={onLeaveChat} data-testid="leave-chat">
                <LogOutIcon size={15} className="me-2" />
                {t('leave.button')}
              </Dropdown.Item>
            </Dropdown.Menu>
          </Dropdown>
        )}
      </div>
    </div>
  );
}

import { Dropdown, OverlayTrigger, Tooltip } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../lib/use-locale';
import { useViewer } from '../../hooks/use-viewer';
import { useChat, useChatActions } from '../chat-context';
import { LockIcon, PlusIcon, UsersIcon } from '../../../../shared/ui/icons';
import { settle } from '../../../../lib/settle';
import { roomName } from '../../room-name';

interface AddRoomMenuProps {
  onCreate: () => void;
  /** Where the button sits: beside the sidebar's title, or at the end of the phone's strip. */
  className?: string;
}

/** "+": the rooms I may enter with how many are inside, and "Create a room". */
export function AddRoomMenu({ onCreate, className }: AddRoomMenuProps) {
  const { t } = useTranslation('chat');
  const locale = useLocale();
  const viewer = useViewer();
  const actions = useChatActions();
  const available = useChat((s) => s.rooms.available);
  const sorted = [...available].sort((a, b) => b.users_count - a.users_count);

  return (
    <Dropdown align="end" className={className}>
      <Dropdown.Toggle
        as="button"
        type="button"
        className="chat-icon-btn no-caret"
        aria-label={t('rooms.add')}
        title={t('rooms.add')}
        data-testid="add-room"
      >
        <PlusIcon size={18} />
      </Dropdown.Toggle>
      <Dropdown.Menu
        className="shadow border-0 chat-menu chat-add-room-menu"
        popperConfig={{ strategy: 'fixed' }}
      >
        <Dropdown.Header>{t('rooms.available')}</Dropdown.Header>
        {sorted.length === 0 && (
          <Dropdown.ItemText className="small">{t('rooms.none')}</Dropdown.ItemText>
        )}
        {sorted.map((room) => (
          <Dropdown.Item
            key={room.id}
            as="button"
            className="d-flex align-items-center gap-2"
            onClick={() => settle(actions.enterRoom(room.id))}
            data-testid={`enter-room-${room.id}`}
          >
            {!room.public && <LockIcon size={13} />}
            <bdi className="flex-grow-1 text-truncate">{roomName(room, locale)}</bdi>
            <span
              className="chat-room-count"
              title={t('rooms.usersCount', { count: room.users_count })}
            >
              <UsersIcon size={13} />
              {room.users_count}
            </span>
          </Dropdown.Item>
        ))}
        <Dropdown.Divider />
        {!viewer.can('room.create') ? (
          <OverlayTrigger
            placement="top"
            overlay={<Tooltip id="create-room-guest">{t('rooms.guestOnly')}</Tooltip>}
          >
            {/* A disabled button gets no mouse events; the wrapper shows the reason instead. */}
            <span className="d-block" tabIndex={0} data-testid="create-room-disabled">
              <Dropdown.Item as="button" disabled data-testid="create-room" aria-disabled="true">
                <PlusIcon size={14} className="me-2" />
                {t('rooms.create')}
              </Dropdown.Item>
            </span>
          </OverlayTrigger>
        ) : (
          <Dropdown.Item as="button" onClick={onCreate} data-testid="create-room">
            <PlusIcon size={14} className="me-2" />
            {t('rooms.create')}
          </Dropdown.Item>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}

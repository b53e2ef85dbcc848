import { useTranslation } from 'react-i18next';
import { LogOutIcon } from '../../../../shared/ui/icons';
import { AddRoomMenu } from '../rooms/add-room-menu';
import { RoomTabs } from '../rooms/room-tabs';

interface RoomsSidebarProps {
  onCreate: () => void;
  onLeaveChat: () => void;
}

/** The wide screen's left column: my rooms, "+", and "Leave chat" at the bottom. */
export function RoomsSidebar({ onCreate, onLeaveChat }: RoomsSidebarProps) {
  const { t } = useTranslation('chat');
  return (
    <nav className="chat-rooms" aria-labelledby="chat-rooms-title">
      <div className="chat-panel-head">
        <h2 id="chat-rooms-title" className="chat-panel-title">
          {t('rooms.title')}
        </h2>
        <AddRoomMenu onCreate={onCreate} />
      </div>
      <div className="chat-rooms-scroll">
        <RoomTabs vertical />
      </div>
      <div className="chat-rooms-foot">
        <button
          type="button"
          className="chat-leave-btn"
          onClick={onLeaveChat}
          data-testid="leave-chat"
        >
          <LogOutIcon size={16} />
          <span>{t('leave.button')}</span>
        </button>
      </div>
    </nav>
  );
}

/** The phone's room strip: tabs that scroll sideways, "+" at the end. */
export function RoomsStrip({ onCreate }: { onCreate: () => void }) {
  return (
    <nav className="chat-rooms-strip">
      <div className="chat-rooms-strip-scroll">
        <RoomTabs vertical={false} />
      </div>
      <AddRoomMenu onCreate={onCreate} className="chat-rooms-strip-add" />
    </nav>
  );
}

import { currentRoom, type RoomSummary } from '@chat/shared';
import { useCallback, useState } from 'react';
import { Offcanvas } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ImDock } from '../../../im/components/im-dock';
import { DESKTOP_QUERY, useMediaQuery } from '../../../../shared/hooks/use-media-query';
import { useChat } from '../chat-context';
import { LeaveChatModal } from '../rooms/leave-chat-modal';
import { RoomFormModal } from '../rooms/room-form-modal';
import { SettingsPanel } from '../settings/settings-panel';
import { UserList } from '../users/user-list';
import { ChatHeader } from './chat-header';
import { NoRoom } from './no-room';
import { RoomPane } from './room-pane';
import { RoomsSidebar, RoomsStrip } from './rooms-sidebar';
import { useRoomSlots } from './room-slots';

type Dialog = 'users' | 'settings' | 'leave' | 'create' | 'properties' | null;

/**
 * The chat screen: three columns from 992px (rooms, messages, people); below that the rooms are
 * a strip on top and the people a drawer.
 */
export function ChatLayout() {
  const { t } = useTranslation('chat');
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const room = useChat((s) => currentRoom(s.rooms));
  const rooms = useChat((s) => s.rooms.rooms);
  const slots = useRoomSlots();
  // Beside the messages from 992 px, above them below that; the chat stays usable either way.
  const panel = room ? slots?.panel(room, rooms) : null;
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = useCallback(() => setDialog(null), []);
  const [editing, setEditing] = useState<RoomSummary | null>(null);

  return (
    <div
      className={`chat-layout${desktop ? ' is-desktop' : ' is-mobile'}${room ? '' : ' no-room'}`}
      data-testid="chat-layout"
    >
      {desktop ? (
        <RoomsSidebar onCreate={() => setDialog('create')} onLeaveChat={() => setDialog('leave')} />
      ) : (
        <RoomsStrip onCreate={() => setDialog('create')} />
      )}
      {/* One place in the tree whatever the width (so a resize never ends a call); the desktop
          grid sets it beside the messages. */}
      {panel}
      <section className="chat-main" aria-label={t('rooms.tabs')}>
        {room ? (
          <>
            <ChatHeader
              room={room}
              desktop={desktop}
              onUsers={() => setDialog('users')}
              onSettings={() => setDialog('settings')}
              onProperties={() => {
                setEditing(room);
                setDialog('properties');
              }}
              onLeaveChat={() => setDialog('leave')}
            />
            <RoomPane room={room} />
          </>
        ) : (
          <NoRoom onSettings={() => setDialog('settings')} />
        )}
      </section>
      {room && desktop && (
        <aside className="chat-side">
          <UserList roomId={room.id} />
        </aside>
      )}
      {room && !desktop && (
        <Offcanvas
          show={dialog === 'users'}
          onHide={close}
          placement="end"
          className="chat-users-drawer"
        >
          <Offcanvas.Body className="p-0 d-flex flex-column">
            <UserList roomId={room.id} onDone={close} onClose={close} />
          </Offcanvas.Body>
        </Offcanvas>
      )}
      <ImDock />
      <SettingsPanel show={dialog === 'settings'} onHide={close} />
      <LeaveChatModal show={dialog === 'leave'} onHide={close} />
      <RoomFormModal
        show={dialog === 'create' || dialog === 'properties'}
        room={dialog === 'properties' ? editing : null}
        onHide={close}
      />
    </div>
  );
}

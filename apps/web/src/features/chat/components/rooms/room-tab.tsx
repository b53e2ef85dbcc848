import type { RoomDetail } from '@chat/shared';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, LockIcon } from '../../../../shared/ui/icons';

interface RoomTabProps {
  room: RoomDetail;
  name: string;
  current: boolean;
  onSelect: (roomId: number) => void;
  onLeave: (roomId: number) => void;
  /** Alt+arrow moves the tab one place: the keyboard's way to reorder. */
  onMove: (roomId: number, step: -1 | 1) => void;
  vertical: boolean;
}

export function RoomTab({
  room,
  name,
  current,
  onSelect,
  onLeave,
  onMove,
  vertical,
}: RoomTabProps) {
  const { t } = useTranslation('chat');
  const { setNodeRef, transform, transition, isDragging, listeners } = useSortable({ id: room.id });
  const style = { transform: CSS.Translate.toString(transform), transition };
  const back = vertical ? 'ArrowUp' : 'ArrowLeft';
  const forward = vertical ? 'ArrowDown' : 'ArrowRight';
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== back && event.key !== forward)) return;
    event.preventDefault();
    onMove(room.id, event.key === back ? -1 : 1);
  };
  const unread = current ? 0 : room.unread;

  return (
    <div
      ref={setNodeRef}
      style={style}
      className={`chat-room-tab${current ? ' is-current' : ''}${isDragging ? ' is-dragging' : ''}`}
      data-testid={`room-tab-${room.id}`}
      {...listeners}
    >
      <button
        type="button"
        role="tab"
        aria-selected={current}
        className="chat-room-tab-select"
        onClick={() => onSelect(room.id)}
        onKeyDown={onKeyDown}
        title={t('rooms.moveHint')}
        data-testid={`room-select-${room.id}`}
      >
        {!room.public && (
          <span title={t('rooms.private')} className="chat-room-lock">
            <LockIcon size={12} />
          </span>
        )}
        <bdi className="chat-room-tab-name">{name}</bdi>
        {unread > 0 && (
          <span className="chat-unread" data-testid={`room-unread-${room.id}`}>
            <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
            <span className="visually-hidden">{t('rooms.unread', { count: unread })}</span>
          </span>
        )}
      </button>
      <button
        type="button"
        className="chat-room-tab-close"
        aria-label={t('rooms.close', { name })}
        title={t('rooms.close', { name })}
        onClick={() => onLeave(room.id)}
        data-testid={`room-close-${room.id}`}
      >
        <CloseIcon size={13} />
      </button>
    </div>
  );
}

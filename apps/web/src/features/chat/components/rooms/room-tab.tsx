import type { RoomDetail } from '@chat/shared';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useRef, type KeyboardEvent } from 'react';
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
  /** The id of the tablist's one "how to reorder" hint, read after the tab's name. */
  hintId: string;
}

export function RoomTab({
  room,
  name,
  current,
  onSelect,
  onLeave,
  onMove,
  vertical,
  hintId,
}: RoomTabProps) {
  const { t } = useTranslation('chat');
  const { setNodeRef, transform, transition, isDragging, listeners } = useSortable({ id: room.id });
  const style = { transform: CSS.Translate.toString(transform), transition };
  // The current room stays in view, however it became current (a tab, the "+" menu, a link):
  // the phone's strip scrolls sideways to it, the sidebar's column down to it.
  const tabRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const tab = tabRef.current;
    // Not in every environment (jsdom has none).
    if (current && tab && 'scrollIntoView' in tab)
      tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  const back = vertical ? 'ArrowUp' : 'ArrowLeft';
  const forward = vertical ? 'ArrowDown' : 'ArrowRight';
  const onKeyDown = (event: KeyboardEvent) => {
    // Delete leaves the room: a tab list holds only tabs, so its × is for the pointer.
    if (event.key === 'Delete') {
      event.preventDefault();
      onLeave(room.id);
      return;
    }
    if (!event.altKey || (event.key !== back && event.key !== forward)) return;
    event.preventDefault();
    onMove(room.id, event.key === back ? -1 : 1);
  };
  const unread = current ? 0 : room.unread;

  return (
    <div
      ref={(node) => {
        setNodeRef(node);
        tabRef.current = node;
      }}
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
        aria-keyshortcuts="Delete"
        // The whole name, which the tab may cut: on hover, and in the name read aloud.
        title={name}
        aria-describedby={hintId}
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
      <span
        className="chat-room-tab-close"
        aria-hidden="true"
        title={`${t('rooms.close', { name })} (Delete)`}
        onClick={() => onLeave(room.id)}
        data-testid={`room-close-${room.id}`}
      >
        <CloseIcon size={13} />
      </span>
    </div>
  );
}

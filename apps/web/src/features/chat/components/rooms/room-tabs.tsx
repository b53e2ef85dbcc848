import type { RoomDetail } from '@chat/shared';
import {
  closestCenter,
  DndContext,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  horizontalListSortingStrategy,
  SortableContext,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../lib/use-locale';
import { useChat, useChatActions } from '../chat-context';
import { settle } from '../../../../lib/settle';
import { lockToHorizontalAxis, lockToVerticalAxis } from './drag-modifiers';
import { roomName } from '../../room-name';
import { RoomTab } from './room-tab';

/**
 * My rooms as tabs: a column on wide screens, a scrolling strip on phones. Dragging reorders them
 * (a short hold on touch, so the strip still scrolls with a swipe).
 */
export function RoomTabs({ vertical }: { vertical: boolean }) {
  const { t } = useTranslation('chat');
  const locale = useLocale();
  const actions = useChatActions();
  const rooms = useChat((s) => s.rooms.rooms);
  const currentId = useChat((s) => s.rooms.currentRoomId);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
  );
  const ids = rooms.map((room: RoomDetail) => room.id);
  const hintId = useId();

  const reorder = (next: number[]) => settle(actions.reorderRooms(next));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over === null || active.id === over.id) return;
    reorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  const onMove = (roomId: number, step: -1 | 1) => {
    const from = ids.indexOf(roomId);
    const to = from + step;
    if (to < 0 || to >= ids.length) return;
    reorder(arrayMove(ids, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[vertical ? lockToVerticalAxis : lockToHorizontalAxis]}
      onDragEnd={onDragEnd}
    >
      <SortableContext
        items={ids}
        strategy={vertical ? verticalListSortingStrategy : horizontalListSortingStrategy}
      >
        <div
          className={`chat-room-tabs${vertical ? ' is-vertical' : ''}`}
          role="tablist"
          aria-label={t('rooms.tabs')}
          aria-orientation={vertical ? 'vertical' : 'horizontal'}
          data-testid="room-tabs"
        >
          {rooms.map((room) => (
            <RoomTab
              key={room.id}
              room={room}
              name={roomName(room, locale)}
              current={room.id === currentId}
              onSelect={(id) => settle(actions.selectRoom(id))}
              onLeave={(id) => settle(actions.leaveRoom(id))}
              onMove={onMove}
              vertical={vertical}
              hintId={hintId}
            />
          ))}
        </div>
        <span id={hintId} hidden>
          {t('rooms.moveHint')}
        </span>
      </SortableContext>
    </DndContext>
  );
}

import type { ArtPicture } from '@chat/shared';
import {
  closestCenter,
  DndContext,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveItem } from '../reorder';
import { PictureOrderItem } from './picture-order-item';

interface PictureOrderProps {
  pictures: readonly ArtPicture[];
  onChange: (next: ArtPicture[]) => void;
  onRemove: (picture: ArtPicture) => void;
}

/**
 * A post's pictures in their order: dragged with the mouse or a finger (a short hold on touch,
 * so the page still scrolls), or moved by keyboard (arrows on a focused picture, or its ← →
 * buttons). Each move is announced: "Picture 2 is now 3 of 5".
 */
export function PictureOrder({ pictures, onChange, onRemove }: PictureOrderProps) {
  const { t } = useTranslation('art');
  const hintId = useId();
  const [announcement, setAnnouncement] = useState('');
  const items = useRef(new Map<number, HTMLLIElement>());
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
  );
  const ids = pictures.map((p) => p.id);
  const total = pictures.length;

  const move = (from: number, to: number, refocus: boolean) => {
    if (to < 0 || to >= total || from === to) return;
    const picture = pictures[from];
    if (!picture) return;
    onChange(moveItem(pictures, from, to));
    setAnnouncement(
      t('order.moved', { from: String(from + 1), to: String(to + 1), total: String(total) }),
    );
    // The moved picture keeps the focus wherever it went.
    if (refocus) requestAnimationFrame(() => items.current.get(picture.id)?.focus());
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over === null || active.id === over.id) return;
    move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)), false);
  };
  if (total === 0) return null;

  return (
    <>
      <p id={hintId} className="small text-body-secondary mb-1">
        {t('order.hint')}
      </p>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ids} strategy={rectSortingStrategy}>
          <ol className="art-order" aria-label={t('order.label')} data-testid="art-order">
            {pictures.map((picture, index) => (
              <PictureOrderItem
                key={picture.id}
                picture={picture}
                index={index}
                total={total}
                hintId={hintId}
                onMove={(to) => move(index, to, true)}
                onRemove={() => {
                  onRemove(picture);
                  setAnnouncement(t('order.removed', { n: String(index + 1) }));
                }}
                itemRef={(node) => {
                  if (node) items.current.set(picture.id, node);
                  else items.current.delete(picture.id);
                }}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div
        className="visually-hidden"
        aria-live="polite"
        role="status"
        data-testid="art-order-live"
      >
        {announcement}
      </div>
    </>
  );
}

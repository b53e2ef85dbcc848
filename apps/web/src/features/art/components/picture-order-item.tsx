import type { ArtPicture } from '@chat/shared';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { KeyboardEvent } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface PictureOrderItemProps {
  picture: ArtPicture;
  index: number;
  total: number;
  hintId: string;
  onMove: (to: number) => void;
  onRemove: () => void;
  itemRef: (node: HTMLLIElement | null) => void;
}

/** Keys that move a focused picture, by how many places. */
const STEPS: Partial<Record<string, number>> = {
  ArrowLeft: -1,
  ArrowUp: -1,
  ArrowRight: 1,
  ArrowDown: 1,
};

/** One picture of the order: a handle to drag, its place, ← → to move, × to remove. */
export function PictureOrderItem({
  picture,
  index,
  total,
  hintId,
  onMove,
  onRemove,
  itemRef,
}: PictureOrderItemProps) {
  const { t } = useTranslation('art');
  const { setNodeRef, transform, transition, isDragging, listeners, attributes } = useSortable({
    id: picture.id,
  });
  const n = String(index + 1);
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      onMove(event.key === 'Home' ? 0 : total - 1);
      return;
    }
    if (event.key === 'Delete') {
      event.preventDefault();
      onRemove();
      return;
    }
    const step = STEPS[event.key];
    if (step === undefined) return;
    event.preventDefault();
    onMove(index + step);
  };
  return (
    <li
      ref={(node) => {
        setNodeRef(node);
        itemRef(node);
      }}
      className={`art-order-item${isDragging ? ' is-dragging' : ''}${picture.adult === 1 ? ' is-adult' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      tabIndex={0}
      aria-roledescription={attributes['aria-roledescription']}
      aria-label={t('order.item', { n, total: String(total) })}
      aria-describedby={hintId}
      onKeyDown={onKeyDown}
      data-testid="art-order-item"
      data-picture-id={picture.id}
    >
      <span className="art-order-handle" {...listeners}>
        <img src={picture.thumb_url ?? picture.url ?? ''} alt="" draggable={false} />
      </span>
      <span className="art-order-number" aria-hidden>
        {n}
      </span>
      <span className="art-order-tools">
        <Button
          variant="outline-primary"
          size="sm"
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
          aria-label={t('order.earlier', { n })}
          title={t('order.earlier', { n })}
          data-testid="art-order-earlier"
        >
          ←
        </Button>
        <Button
          variant="outline-danger"
          size="sm"
          onClick={onRemove}
          aria-label={t('order.remove', { n })}
          title={t('order.remove', { n })}
          data-testid="art-order-remove"
        >
          ×
        </Button>
        <Button
          variant="outline-primary"
          size="sm"
          disabled={index === total - 1}
          onClick={() => onMove(index + 1)}
          aria-label={t('order.later', { n })}
          title={t('order.later', { n })}
          data-testid="art-order-later"
        >
          →
        </Button>
      </span>
    </li>
  );
}

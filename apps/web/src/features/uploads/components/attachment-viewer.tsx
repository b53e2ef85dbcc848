import type { Attachment } from '@chat/shared';
import { useEffect, useRef, type PointerEvent } from 'react';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export interface AttachmentViewerProps {
  /** The pictures to page through (complete ones). */
  attachments: readonly Attachment[];
  /** The one shown, 0-based. */
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** A horizontal move longer than this, in CSS pixels, is a swipe. */
const SWIPE_MIN = 50;
/** The keyboard's arrows, as steps through the pictures. */
const ARROW_STEPS: Partial<Record<string, number>> = { ArrowLeft: -1, ArrowRight: 1 };

/** The picture `by` steps from `index`, going round at either end. */
const stepped = (index: number, by: number, total: number) => (index + by + total) % total;

/**
 * The full-screen picture viewer: arrows (buttons and the keyboard's ← →), Escape to close, a
 * swipe on touch screens, "2 / 5", and a link to the full picture.
 */
export function AttachmentViewer({ attachments, index, onIndex, onClose }: AttachmentViewerProps) {
  const { t } = useTranslation('uploads');
  const total = attachments.length;
  const current = attachments[Math.min(index, total - 1)];
  const start = useRef<{ x: number; y: number } | null>(null);
  const prev = () => onIndex(stepped(index, -1, total));
  const next = () => onIndex(stepped(index, 1, total));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      const by = ARROW_STEPS[event.key];
      if (total < 2 || by === undefined) return;
      event.preventDefault();
      onIndex(stepped(index, by, total));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [index, total, onIndex, onClose]);

  if (!current) return null;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') return;
    start.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    start.current = null;
    if (!from || total < 2) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) < SWIPE_MIN || Math.abs(dx) < Math.abs(event.clientY - from.y)) return;
    if (dx < 0) next();
    else prev();
  };

  return (
    <Modal
      show
      fullscreen
      // Escape is handled with the arrows above, the same way in every browser.
      keyboard={false}
      onHide={onClose}
      className="attachment-viewer"
      aria-label={t('viewer.title')}
      data-testid="attachment-viewer"
    >
      <div className="viewer-bar">
        <span className="viewer-counter" data-testid="viewer-counter">
          {t('viewer.counter', { n: String(index + 1), total: String(total) })}
        </span>
        <a
          className="viewer-original"
          href={current.url ?? '#'}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="viewer-original"
        >
          {t('viewer.original')}
        </a>
        <button
          type="button"
          className="btn-close btn-close-white"
          aria-label={t('viewer.close')}
          onClick={onClose}
          data-testid="viewer-close"
        />
      </div>
      <div
        className="viewer-stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
        onClick={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
      >
        <img
          key={current.id}
          src={current.url ?? ''}
          alt={t('picture', { n: String(index + 1), total: String(total) })}
          width={current.width ?? undefined}
          height={current.height ?? undefined}
          draggable={false}
          data-testid="viewer-image"
        />
        {total > 1 && (
          <>
            <button
              type="button"
              className="viewer-nav is-prev"
              aria-label={t('viewer.previous')}
              onClick={prev}
              data-testid="viewer-prev"
            >
              ‹
            </button>
            <button
              type="button"
              className="viewer-nav is-next"
              aria-label={t('viewer.next')}
              onClick={next}
              data-testid="viewer-next"
            >
              ›
            </button>
          </>
        )}
      </div>
    </Modal>
  );
}

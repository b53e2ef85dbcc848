import type { Attachment } from '@chat/shared';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { AdultCover } from './adult-cover';
import { AttachmentViewer } from './attachment-viewer';

export interface AttachmentGridProps {
  /** A message's attachments; only `complete` ones are shown (1 to 10). */
  attachments: readonly Attachment[];
  /**
   * Blur adult pictures (`adult: 1`) behind an "18+ — click to show" cover until clicked.
   * On by default; the public chat never carries adult pictures anyway.
   */
  blurAdult?: boolean;
}

/** The longest side of a lone picture in a message, in CSS pixels. */
const SINGLE_MAX = 320;

/** The box a lone picture takes, from its size, so that nothing jumps when it loads. */
export function singleBox(a: Pick<Attachment, 'width' | 'height'>): {
  width: number;
  height: number;
} {
  const width = a.width ?? SINGLE_MAX;
  const height = a.height ?? SINGLE_MAX;
  const scale = Math.min(1, SINGLE_MAX / Math.max(width, height, 1));
  return {
    width: Math.max(48, Math.round(width * scale)),
    height: Math.max(48, Math.round(height * scale)),
  };
}

/**
 * The pictures of a message in a tidy grid (one alone at its own proportions; two side by
 * side; three and more in rows of squares) from their thumbnails, with their sizes reserved.
 * A click opens the full-screen viewer. Used in rooms and in private messages.
 */
export function AttachmentGrid({ attachments, blurAdult = true }: AttachmentGridProps) {
  const { t } = useTranslation('uploads');
  const shown = attachments.filter((a) => a.status === 'complete' && a.url !== null);
  const [open, setOpen] = useState<number | null>(null);
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(() => new Set());
  if (shown.length === 0) return null;

  const reveal = (id: number) => setRevealed((set) => new Set(set).add(id));
  const hidden = (a: Attachment) => blurAdult && a.adult === 1 && !revealed.has(a.id);
  const count = Math.min(shown.length, 10);
  const style: CSSProperties | undefined =
    count === 1 ? { width: singleBox(shown[0] as Attachment).width } : undefined;

  return (
    <>
      <div className={`attachment-grid is-n${count}`} style={style} data-testid="attachment-grid">
        {shown.map((a, index) => {
          const box = count === 1 ? singleBox(a) : null;
          return (
            <div
              key={a.id}
              className={`attachment-cell${hidden(a) ? ' is-hidden' : ''}`}
              style={box ? { aspectRatio: `${box.width} / ${box.height}` } : undefined}
            >
              <button
                type="button"
                className="attachment-open"
                onClick={() => setOpen(index)}
                aria-label={t('open', { n: String(index + 1), total: String(shown.length) })}
                tabIndex={hidden(a) ? -1 : 0}
                data-testid="attachment-open"
              >
                <img
                  src={a.thumb_url ?? a.url ?? ''}
                  alt=""
                  width={box?.width ?? a.width ?? undefined}
                  height={box?.height ?? a.height ?? undefined}
                  loading="lazy"
                  decoding="async"
                />
              </button>
              {hidden(a) && <AdultCover onReveal={() => reveal(a.id)} />}
            </div>
          );
        })}
      </div>
      {open !== null && (
        <AttachmentViewer
          attachments={shown}
          index={open}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

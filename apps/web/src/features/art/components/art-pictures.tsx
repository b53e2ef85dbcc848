import type { ArtPicture } from '@chat/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdultCover, AttachmentViewer } from '../../uploads';
import { isAdultPicture, ratioOf } from '../picture-box';

/** The tallest a picture stands on the post page before the viewer, in CSS pixels. */
const MAX_HEIGHT = 720;

/**
 * A post's pictures, large, one under another at their own proportions (their boxes reserved
 * before they load). A click opens the chat's viewer (arrows, Escape, swipe, "2 / 5"). An adult
 * picture is blurred behind a cover until clicked.
 */
export function ArtPictures({
  pictures,
  title,
  adult,
}: {
  pictures: readonly ArtPicture[];
  title: string;
  /** The whole post is marked 18+: every picture is covered until clicked. */
  adult: boolean;
}) {
  const { t } = useTranslation('art');
  const shown = pictures.filter((p) => p.url !== null);
  const [open, setOpen] = useState<number | null>(null);
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(() => new Set());
  const hidden = (p: ArtPicture) => (adult || isAdultPicture(p)) && !revealed.has(p.id);
  return (
    <>
      <ul className="art-pictures" aria-label={t('post.pictures')} data-testid="art-pictures">
        {shown.map((picture, index) => {
          const ratio = ratioOf(picture);
          const width = Math.min(picture.width ?? MAX_HEIGHT, Math.round(MAX_HEIGHT * ratio));
          return (
            <li
              key={picture.id}
              className={`art-picture${hidden(picture) ? ' is-hidden' : ''}`}
              style={{ aspectRatio: String(ratio), maxWidth: `${width}px` }}
              data-testid="art-picture"
              data-adult={hidden(picture) ? '1' : '0'}
              data-picture-id={picture.id}
            >
              <button
                type="button"
                className="art-picture-open"
                onClick={() => setOpen(index)}
                tabIndex={hidden(picture) ? -1 : 0}
                aria-label={t('post.open', {
                  n: String(index + 1),
                  total: String(shown.length),
                  title,
                })}
                data-testid="art-picture-open"
              >
                <img
                  src={picture.url ?? ''}
                  alt=""
                  width={picture.width ?? undefined}
                  height={picture.height ?? undefined}
                  loading={index < 2 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              </button>
              {hidden(picture) && (
                <AdultCover onReveal={() => setRevealed((set) => new Set(set).add(picture.id))} />
              )}
            </li>
          );
        })}
      </ul>
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

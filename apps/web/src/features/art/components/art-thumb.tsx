import type { ArtPicture } from '@chat/shared';
import { gridRatio } from '../picture-box';

interface ArtThumbProps {
  picture: ArtPicture | undefined;
  /** Blurred for good: a grid never shows an adult picture plainly. */
  blurred: boolean;
  alt: string;
}

/**
 * A picture in a grid: its box has the picture's proportions before a byte arrives (so nothing
 * jumps while it loads), the thumbnail fills it, and an adult one stays blurred.
 */
export function ArtThumb({ picture, blurred, alt }: ArtThumbProps) {
  const ratio = gridRatio(picture);
  const src = picture?.thumb_url ?? picture?.url ?? null;
  return (
    <span
      className={`art-thumb${blurred ? ' is-adult' : ''}`}
      style={{ aspectRatio: String(ratio) }}
      data-testid="art-thumb"
      data-adult={blurred ? '1' : '0'}
    >
      {src !== null && (
        <img
          src={src}
          alt={alt}
          width={picture?.width ?? undefined}
          height={picture?.height ?? undefined}
          loading="lazy"
          decoding="async"
          draggable={false}
        />
      )}
    </span>
  );
}

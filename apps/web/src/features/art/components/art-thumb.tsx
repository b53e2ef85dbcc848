import type { ArtPicture } from '@chat/shared';
import { gridRatio } from '../picture-box';
import { useNearViewport } from '../use-near-viewport';

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
  const [box, near] = useNearViewport<HTMLSpanElement>();
  return (
    <span
      ref={box}
      className={`art-thumb${blurred ? ' is-adult' : ''}`}
      style={{ aspectRatio: String(ratio) }}
      data-testid="art-thumb"
      data-adult={blurred ? '1' : '0'}
    >
      {src !== null && near && (
        <img
          src={src}
          alt={alt}
          width={picture?.width ?? undefined}
          height={picture?.height ?? undefined}
          decoding="async"
          draggable={false}
        />
      )}
    </span>
  );
}

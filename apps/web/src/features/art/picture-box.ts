import type { ArtPicture } from '@chat/shared';

/** The proportions assumed for a picture whose size is unknown (a square). */
const FALLBACK = 1;
/** Very tall or very wide pictures are cropped to these proportions in a grid. */
const NARROWEST = 0.5;
const WIDEST = 2.5;

/** A picture's width over its height, from the sizes the server sent (square when unknown). */
export function ratioOf(picture: Pick<ArtPicture, 'width' | 'height'> | undefined): number {
  const width = picture?.width ?? 0;
  const height = picture?.height ?? 0;
  if (width <= 0 || height <= 0) return FALLBACK;
  return width / height;
}

/** The proportions a grid gives a picture: its own, within bounds so that no row is absurd. */
export const gridRatio = (picture: Pick<ArtPicture, 'width' | 'height'> | undefined): number =>
  Math.min(WIDEST, Math.max(NARROWEST, ratioOf(picture)));

/** Whether a picture is 18+ (the author's mark or the classifier's). */
export const isAdultPicture = (picture: Pick<ArtPicture, 'adult'> | undefined): boolean =>
  picture?.adult === 1;

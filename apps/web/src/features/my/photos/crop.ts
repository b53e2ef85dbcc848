import type { CropBox } from '../api';

/** The picture's own size in pixels. */
export interface Size {
  width: number;
  height: number;
}

/** The largest square, centred: what "set as avatar" proposes first. */
export function initialCrop({ width, height }: Size): CropBox {
  const size = Math.min(width, height);
  return {
    x: Math.floor((width - size) / 2),
    y: Math.floor((height - size) / 2),
    size,
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Keeps a square inside the picture, in whole source pixels, and no smaller than `minSize`
 * (a picture smaller than that gives its whole short side).
 */
export function clampCrop(box: CropBox, image: Size, minSize: number): CropBox {
  const longest = Math.min(image.width, image.height);
  const size = Math.round(clamp(box.size, Math.min(minSize, longest), longest));
  return {
    x: Math.round(clamp(box.x, 0, image.width - size)),
    y: Math.round(clamp(box.y, 0, image.height - size)),
    size,
  };
}

/** A drag on screen moved the square by (dx, dy) screen pixels; `scale` = source / screen. */
export function moveCrop(
  box: CropBox,
  dx: number,
  dy: number,
  scale: number,
  image: Size,
  minSize: number,
): CropBox {
  return clampCrop({ ...box, x: box.x + dx * scale, y: box.y + dy * scale }, image, minSize);
}

/** The slider set a new side: the square grows or shrinks around its centre. */
export function resizeCrop(box: CropBox, size: number, image: Size, minSize: number): CropBox {
  const centreX = box.x + box.size / 2;
  const centreY = box.y + box.size / 2;
  const side = clampCrop({ x: 0, y: 0, size }, image, minSize).size;
  return clampCrop({ x: centreX - side / 2, y: centreY - side / 2, size: side }, image, minSize);
}

/** Where the square sits on screen, for the overlay (screen = source / scale). */
export function cropOnScreen(box: CropBox, scale: number): CropBox {
  return { x: box.x / scale, y: box.y / scale, size: box.size / scale };
}

/**
 * The square moved or sized from the keyboard: arrows move it by 2% of the picture's short side
 * (10% with Shift), + and − resize it by as much. Null for other keys.
 */
export function cropByKey(
  box: CropBox,
  key: string,
  shift: boolean,
  image: Size,
  minSize: number,
): CropBox | null {
  const step = Math.max(1, Math.round(Math.min(image.width, image.height) * (shift ? 0.1 : 0.02)));
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const move = moves[key];
  if (move) return moveCrop(box, move[0], move[1], 1, image, minSize);
  if (key === '+' || key === '=') return resizeCrop(box, box.size + step, image, minSize);
  if (key === '-' || key === '−') return resizeCrop(box, box.size - step, image, minSize);
  return null;
}

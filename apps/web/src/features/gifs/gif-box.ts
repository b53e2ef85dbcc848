import type { Gif } from '@chat/shared';

const MAX_WIDTH = 260;
const MAX_HEIGHT = 220;

/** The box a GIF is drawn in: its own size, scaled down to fit, so that nothing jumps. */
export function gifBox(gif: Pick<Gif, 'width' | 'height'>): { width: number; height: number } {
  const scale = Math.min(
    1,
    MAX_WIDTH / Math.max(gif.width, 1),
    MAX_HEIGHT / Math.max(gif.height, 1),
  );
  return { width: Math.round(gif.width * scale), height: Math.round(gif.height * scale) };
}

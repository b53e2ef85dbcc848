import { describe, expect, it } from 'vitest';
import { clampCrop, cropByKey, cropOnScreen, initialCrop, moveCrop, resizeCrop } from './crop';

const wide = { width: 1200, height: 800 };

describe('avatar crop', () => {
  it('starts with the largest centred square', () => {
    expect(initialCrop(wide)).toEqual({ x: 200, y: 0, size: 800 });
    expect(initialCrop({ width: 300, height: 501 })).toEqual({ x: 0, y: 100, size: 300 });
  });

  it('turns a drag in screen pixels into source pixels and stays inside the picture', () => {
    const start = { x: 200, y: 0, size: 400 };
    // Shown at 600 px wide: one screen pixel is two source pixels.
    expect(moveCrop(start, 50, 30, 2, wide, 32)).toEqual({ x: 300, y: 60, size: 400 });
    expect(moveCrop(start, 1000, 1000, 2, wide, 32)).toEqual({ x: 800, y: 400, size: 400 });
    expect(moveCrop(start, -1000, -5, 2, wide, 32)).toEqual({ x: 0, y: 0, size: 400 });
  });

  it('resizes around the centre, between the minimum and the short side', () => {
    const box = { x: 400, y: 200, size: 400 };
    expect(resizeCrop(box, 200, wide, 32)).toEqual({ x: 500, y: 300, size: 200 });
    expect(resizeCrop(box, 5, wide, 32).size).toBe(32);
    expect(resizeCrop(box, 5000, wide, 32)).toEqual({ x: 200, y: 0, size: 800 });
  });

  it('answers whole pixels, and a tiny picture gives its whole short side', () => {
    expect(clampCrop({ x: 10.4, y: 3.6, size: 99.5 }, wide, 32)).toEqual({
      x: 10,
      y: 4,
      size: 100,
    });
    expect(clampCrop({ x: 0, y: 0, size: 1 }, { width: 20, height: 10 }, 32)).toEqual({
      x: 0,
      y: 0,
      size: 10,
    });
  });

  it('places the overlay on screen', () => {
    expect(cropOnScreen({ x: 200, y: 100, size: 400 }, 2)).toEqual({ x: 100, y: 50, size: 200 });
  });
});

describe('cropByKey', () => {
  const box = { x: 200, y: 100, size: 400 };
  it('moves by 2% of the short side, 10% with Shift, inside the picture', () => {
    expect(cropByKey(box, 'ArrowRight', false, wide, 32)).toEqual({ x: 216, y: 100, size: 400 });
    expect(cropByKey(box, 'ArrowUp', true, wide, 32)).toEqual({ x: 200, y: 20, size: 400 });
    expect(cropByKey(box, 'ArrowUp', true, wide, 32)).toEqual({ x: 200, y: 20, size: 400 });
    expect(cropByKey({ ...box, y: 0 }, 'ArrowUp', false, wide, 32)).toEqual({ ...box, y: 0 });
  });

  it('resizes around the centre with + and −, and ignores other keys', () => {
    expect(cropByKey(box, '+', false, wide, 32)).toEqual({ x: 192, y: 92, size: 416 });
    expect(cropByKey(box, '-', false, wide, 32)).toEqual({ x: 208, y: 108, size: 384 });
    expect(cropByKey(box, 'a', false, wide, 32)).toBeNull();
  });
});

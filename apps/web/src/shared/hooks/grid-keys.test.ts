import { describe, expect, it } from 'vitest';
import { columnsOf, gridStep } from './grid-keys';

describe('gridStep', () => {
  // 10 items in rows of 4: 0-3, 4-7, 8-9.
  it('moves by one sideways and by a row up and down, staying in the grid', () => {
    expect(gridStep('ArrowRight', 0, 10, 4)).toBe(1);
    expect(gridStep('ArrowRight', 9, 10, 4)).toBe(9);
    expect(gridStep('ArrowLeft', 0, 10, 4)).toBe(0);
    expect(gridStep('ArrowDown', 1, 10, 4)).toBe(5);
    expect(gridStep('ArrowDown', 5, 10, 4)).toBe(9);
    // Nothing below in the short last row: it stays.
    expect(gridStep('ArrowDown', 7, 10, 4)).toBe(7);
    expect(gridStep('ArrowUp', 9, 10, 4)).toBe(5);
    expect(gridStep('ArrowUp', 2, 10, 4)).toBe(2);
    expect(gridStep('Home', 7, 10, 4)).toBe(0);
    expect(gridStep('End', 2, 10, 4)).toBe(9);
    expect(gridStep('Enter', 2, 10, 4)).toBeNull();
  });
});

describe('columnsOf', () => {
  const at = (top: number) => ({ offsetTop: top }) as HTMLElement;
  it('counts the items on the first row', () => {
    expect(columnsOf([at(0), at(0), at(0), at(30), at(30)])).toBe(3);
    expect(columnsOf([at(0), at(0)])).toBe(2);
    expect(columnsOf([])).toBe(1);
  });
});

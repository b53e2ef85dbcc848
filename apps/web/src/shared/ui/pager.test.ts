import { describe, expect, it } from 'vitest';
import { pageWindow } from './pager';

describe('pageWindow', () => {
  it('keeps the first, the last and the neighbours, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });
});

import { describe, expect, it } from 'vitest';
import { moscowMonthKey, moscowMonthWindow } from './top-month';

describe('top of the month (Moscow calendar month)', () => {
  it('moves to the next month at midnight Moscow time, 21:00 UTC', () => {
    expect(moscowMonthKey(new Date('2025-03-31T20:59:59.999Z'))).toBe('2025-03');
    expect(moscowMonthKey(new Date('2025-03-31T21:00:00.000Z'))).toBe('2025-04');
    expect(moscowMonthKey(new Date('2024-12-31T21:00:00.000Z'))).toBe('2025-01');
  });

  it('answers the window [first instant, first instant of the next month) in UTC', () => {
    expect(moscowMonthWindow(new Date('2025-02-10T12:00:00Z'))).toEqual({
      month: '2025-02',
      from: '2025-01-31T21:00:00.000Z',
      to: '2025-02-28T21:00:00.000Z',
    });
    expect(moscowMonthWindow(new Date('2024-12-31T22:00:00Z'))).toEqual({
      month: '2025-01',
      from: '2024-12-31T21:00:00.000Z',
      to: '2025-01-31T21:00:00.000Z',
    });
    // A leap February.
    expect(moscowMonthWindow(new Date('2024-02-15T00:00:00Z')).to).toBe('2024-02-29T21:00:00.000Z');
  });
});

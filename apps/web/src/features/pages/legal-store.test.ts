import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLegalStore } from './legal-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  useLegalStore.getState().hide();
  vi.useRealTimers();
});

describe('legal modals', () => {
  it('open at once when none is open', () => {
    useLegalStore.getState().show('privacy');
    expect(useLegalStore.getState().open).toBe('privacy');
  });

  it('swap after MODAL_SWAP_DELAY_MS, with none open in between', () => {
    useLegalStore.getState().show('privacy');
    useLegalStore.getState().show('agreement');
    expect(useLegalStore.getState().open).toBeNull();
    vi.advanceTimersByTime(499);
    expect(useLegalStore.getState().open).toBeNull();
    vi.advanceTimersByTime(1);
    expect(useLegalStore.getState().open).toBe('agreement');
  });

  it('closing during a swap cancels it', () => {
    useLegalStore.getState().show('privacy');
    useLegalStore.getState().show('agreement');
    useLegalStore.getState().hide();
    vi.advanceTimersByTime(1000);
    expect(useLegalStore.getState().open).toBeNull();
  });
});

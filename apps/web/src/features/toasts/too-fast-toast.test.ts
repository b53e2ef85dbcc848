import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../i18n/i18n';
import { useToastsStore } from './store';
import { createTooFastToast } from './too-fast-toast';

const START = Date.UTC(2025, 0, 1, 12, 0, 0);
const texts = () => useToastsStore.getState().toasts.map((t) => t.text);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
  useToastsStore.getState().clear();
});

describe('the "too fast" toast', () => {
  it.each([
    ['en', 'Too fast... Try again in 5 seconds.', 'Too fast... Try again in 4 seconds.'],
    [
      'ru',
      'Слишком быстро... Попробуйте снова через 5 секунд.',
      'Слишком быстро... Попробуйте снова через 4 секунды.',
    ],
  ] as const)(
    'in %s is one toast counting down, gone when sending works again',
    (locale, five, four) => {
      const show = createTooFastToast({ translate, locale: () => locale, now: () => Date.now() });
      show(START + 5000);
      show(START + 5000);
      expect(texts()).toEqual([five]);
      vi.advanceTimersByTime(1000);
      expect(texts()).toEqual([four]);
      show(null);
      expect(texts()).toEqual([]);
    },
  );

  it('goes by itself when the time is up, and stays closed when its reader closes it', () => {
    const show = createTooFastToast({ translate, locale: () => 'en', now: () => Date.now() });
    show(START + 2000);
    vi.advanceTimersByTime(2000);
    expect(texts()).toEqual([]);

    show(Date.now() + 3000);
    const [toast] = useToastsStore.getState().toasts;
    useToastsStore.getState().dismiss(toast!.id);
    vi.advanceTimersByTime(1000);
    show(Date.now() + 3000);
    expect(texts()).toEqual([]);
  });
});

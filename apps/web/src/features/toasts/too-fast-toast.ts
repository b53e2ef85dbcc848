import { relativeTimeFromNow, type Locale } from '@chat/shared';
import { currentLocale, translate } from '../../i18n/i18n';
import type { Translate } from '../../lib/error-toast';
import { useToastsStore } from './store';

/** The one "too fast" toast of the tab, whichever outbox (chat, messenger) was paused. */
export const TOO_FAST_TOAST_KEY = 'too-fast';

const TICK_MS = 1000;

export interface TooFastToastDeps {
  translate: Translate;
  locale: () => Locale;
  now: () => number;
}

/** The spec's "Too fast... Try again in 5 seconds." counted down to when sending works again. */
export function tooFastText(untilMs: number, nowMs: number, locale: Locale, t: Translate): string {
  return t('errors:tooFast', locale, {
    interval: relativeTimeFromNow(untilMs / 1000, nowMs, locale),
  });
}

/**
 * Shows the pause of the outboxes: one toast, updated in place every second, gone when a
 * message goes out again (`show(null)`) or the time is up. Repeated 429s only move its end.
 */
export function createTooFastToast(deps: TooFastToastDeps) {
  let timer: ReturnType<typeof setInterval> | null = null;
  let toastId: number | null = null;
  let until = 0;

  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    if (toastId !== null) useToastsStore.getState().dismiss(toastId);
    toastId = null;
  };

  const render = () => {
    const now = deps.now();
    if (now >= until) return stop();
    const closed =
      toastId !== null && !useToastsStore.getState().toasts.some((t) => t.id === toastId);
    // Closed by its reader: it stays closed for this pause (the rows still say "waiting").
    if (closed) return;
    toastId = useToastsStore.getState().push({
      key: TOO_FAST_TOAST_KEY,
      text: tooFastText(until, now, deps.locale(), deps.translate),
      variant: 'danger',
      autohide: false,
    });
  };

  return (untilMs: number | null): void => {
    if (untilMs === null) return stop();
    // A new pause (not a moved end) shows the toast again even if the last one was closed.
    if (timer === null) toastId = null;
    until = untilMs;
    render();
    timer ??= setInterval(render, TICK_MS);
  };
}

/**
 * The one "too fast" notice of the outboxes (chat and messenger share the server's limit); here,
 * not in lib/api.ts, so that only the chunks with an outbox carry it.
 */
export const showTooFast = createTooFastToast({
  translate,
  locale: currentLocale,
  now: () => Date.now(),
});

import { UPDATE_BAR_MAX_STEP, UPDATE_BAR_RELOAD_DELAY_MS, UPDATE_BAR_TICK_MS } from '@chat/shared';

export interface FakeProgressOptions {
  onProgress: (percent: number) => void;
  /** Called once, UPDATE_BAR_RELOAD_DELAY_MS after the bar is full. */
  onDone: () => void;
  random?: () => number;
}

/** 1..UPDATE_BAR_MAX_STEP, from a random number in [0, 1). */
export function progressStep(random: number): number {
  return 1 + Math.min(UPDATE_BAR_MAX_STEP - 1, Math.floor(random * UPDATE_BAR_MAX_STEP));
}

/**
 * The update bar of spec section 9: a tick every 100 ms adds a random 1..20 percent; once the
 * bar reaches 100 the page is reloaded 700 ms later (the pause lets the full bar be seen).
 * Returns a function that stops it.
 */
export function startFakeProgress({
  onProgress,
  onDone,
  random = Math.random,
}: FakeProgressOptions) {
  let percent = 0;
  let doneTimer: ReturnType<typeof setTimeout> | undefined;
  const tick = setInterval(() => {
    percent += progressStep(random());
    if (percent < 100) {
      onProgress(percent);
      return;
    }
    clearInterval(tick);
    onProgress(100);
    doneTimer = setTimeout(onDone, UPDATE_BAR_RELOAD_DELAY_MS);
  }, UPDATE_BAR_TICK_MS);
  return () => {
    clearInterval(tick);
    clearTimeout(doneTimer);
  };
}

import type { TFunction } from 'i18next';
import type { MediaProblem } from '../engine/media-problem';

const REFUSALS = new Set(['guest', 'gagged', 'banned', 'not_member']);

/** Why `abilities.join` is null, or a 403's code, in words. */
export function refusalText(t: TFunction, reason: string | null): string {
  return reason !== null && REFUSALS.has(reason)
    ? t(`video:refusal.${reason}`)
    : t('video:refusal.other');
}

const PROBLEMS: Record<MediaProblem, 'denied' | 'noDevice' | 'busy' | 'failed'> = {
  denied: 'denied',
  'no-device': 'noDevice',
  busy: 'busy',
  failed: 'failed',
};

export function problemText(t: TFunction, problem: MediaProblem): string {
  return t(`video:problems.${PROBLEMS[problem]}`);
}

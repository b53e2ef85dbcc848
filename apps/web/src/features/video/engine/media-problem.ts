/** Why a camera or microphone could not be had, in the words the panel shows. */
export type MediaProblem = 'denied' | 'no-device' | 'busy' | 'failed';

/** getUserMedia's and getDisplayMedia's failures, by the DOMException names browsers use. */
export function mediaProblemOf(error: unknown): MediaProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'no-device';
    case 'NotReadableError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}

import { SOUNDS } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { createSoundPlayer, playSound } from './sound';

/** Just enough of an AudioContext to count what a sound builds. */
function fakeAudio(state: AudioContextState = 'running') {
  const log = { oscillators: 0, peaks: [] as number[], resumed: 0, contexts: 0 };
  const param = (peaks: number[] | null) => ({
    setValueAtTime: () => undefined,
    exponentialRampToValueAtTime: (value: number) => {
      peaks?.push(value);
    },
  });
  const node = () => ({ connect: () => undefined });
  const factory = () => {
    log.contexts += 1;
    return {
      state,
      currentTime: 0,
      destination: node(),
      resume: async () => {
        log.resumed += 1;
      },
      createOscillator: () => {
        log.oscillators += 1;
        return { ...node(), type: 'sine', frequency: param(null), start: () => {}, stop: () => {} };
      },
      createGain: () => ({ ...node(), gain: param(log.peaks) }),
    } as unknown as AudioContext;
  };
  return { log, factory };
}

describe('notification sounds', () => {
  it('stay silent without Web Audio (jsdom), instead of throwing', () => {
    expect(playSound('ding', 0.6)).toBe(false);
  });

  it('synthesise every sound of the settings from tones, at the volume asked', () => {
    const { log, factory } = fakeAudio();
    const player = createSoundPlayer(factory);
    for (const name of SOUNDS) expect(player.playSound(name, 0.5)).toBe(true);
    expect(log.contexts).toBe(1);
    expect(log.oscillators).toBeGreaterThanOrEqual(SOUNDS.length);
    expect(Math.max(...log.peaks)).toBeLessThanOrEqual(0.5);
  });

  it('play "ding" for an unknown name, nothing at volume 0, and wake a suspended context', () => {
    const { log, factory } = fakeAudio('suspended');
    const player = createSoundPlayer(factory);
    expect(player.playSound('nope', 1)).toBe(true);
    expect(log.oscillators).toBe(2);
    expect(log.resumed).toBe(1);
    expect(player.playSound('bell', 0)).toBe(false);
  });
});

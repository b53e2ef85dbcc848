import { SOUNDS, type SoundName } from '@chat/shared';

/** The Web Audio parts the sounds use; jsdom has none, tests hand in a fake. */
export type AudioContextFactory = () => AudioContext | null;

interface Tone {
  /** Start, in seconds after now. */
  at: number;
  frequency: number;
  /** Seconds until the tone has faded out. */
  decay: number;
  type: OscillatorType;
  /** Share of the volume, 0..1. */
  gain: number;
  /** Where the pitch slides to, for a "pop". */
  slideTo?: number;
}

/**
 * Each sound as a few tones: no audio files to fetch, store or license. Partials of a struck
 * bell are not whole multiples of the fundamental, which is what makes it sound like metal.
 */
const RECIPES: Record<SoundName, Tone[]> = {
  ding: [
    { at: 0, frequency: 1318.5, decay: 0.7, type: 'sine', gain: 0.6 },
    { at: 0, frequency: 2637, decay: 0.35, type: 'sine', gain: 0.15 },
  ],
  pop: [{ at: 0, frequency: 380, slideTo: 900, decay: 0.12, type: 'sine', gain: 0.8 }],
  chime: [
    { at: 0, frequency: 784, decay: 0.45, type: 'triangle', gain: 0.5 },
    { at: 0.12, frequency: 988, decay: 0.45, type: 'triangle', gain: 0.5 },
    { at: 0.24, frequency: 1319, decay: 0.7, type: 'triangle', gain: 0.5 },
  ],
  bell: [
    { at: 0, frequency: 523, decay: 1.6, type: 'sine', gain: 0.5 },
    { at: 0, frequency: 523 * 2.76, decay: 0.9, type: 'sine', gain: 0.2 },
    { at: 0, frequency: 523 * 5.4, decay: 0.45, type: 'sine', gain: 0.1 },
  ],
};

export function isSoundName(name: string): name is SoundName {
  return (SOUNDS as readonly string[]).includes(name);
}

interface AudioWindow {
  AudioContext?: typeof AudioContext;
  webkitAudioContext?: typeof AudioContext;
}

function browserAudioContext(): AudioContext | null {
  if (typeof window === 'undefined') return null;
  const w = window as Window & AudioWindow;
  const Ctor = w.AudioContext ?? w.webkitAudioContext;
  return Ctor ? new Ctor() : null;
}

function playTone(ctx: AudioContext, out: AudioNode, tone: Tone, volume: number): void {
  const start = ctx.currentTime + tone.at;
  const end = start + tone.decay;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = tone.type;
  osc.frequency.setValueAtTime(tone.frequency, start);
  if (tone.slideTo !== undefined) osc.frequency.exponentialRampToValueAtTime(tone.slideTo, end);
  // A few milliseconds of attack: starting at full level clicks.
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(Math.max(0.0001, volume * tone.gain), start + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, end);
  osc.connect(gain);
  gain.connect(out);
  osc.start(start);
  osc.stop(end + 0.02);
}

/** Plays an audio file at a volume; false when this browser has no audio element or it is 0. */
function playFile(url: string, level: number): boolean {
  if (level === 0 || typeof Audio === 'undefined') return false;
  try {
    const audio = new Audio(url);
    audio.volume = level;
    // Autoplay rules may refuse until the page has had a click: this sound is then not heard.
    audio.play()?.catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

/** Makes sound players around one AudioContext, created on the first sound (browsers want that). */
export function createSoundPlayer(factory: AudioContextFactory = browserAudioContext) {
  let ctx: AudioContext | null | undefined;

  const context = (): AudioContext | null => {
    if (ctx === undefined) {
      try {
        ctx = factory();
      } catch {
        ctx = null;
      }
    }
    return ctx;
  };

  /**
   * Plays a sound at a volume from 0 to 1; an unknown name plays "ding". False when nothing could
   * play: no Web Audio here, or a volume of 0.
   */
  function playSound(name: string, volume: number): boolean {
    const level = Number.isFinite(volume) ? Math.min(Math.max(volume, 0), 1) : 0;
    // A sound of the site's catalogue (sound-catalogue.ts) is a file named by its URL.
    if (name.startsWith('/')) return playFile(name, level);
    const audio = context();
    if (audio === null || level === 0) return false;
    // Autoplay rules keep a context suspended until the page has had a click; asking costs
    // nothing, and a refusal only means this sound is not heard.
    if (audio.state === 'suspended') audio.resume().catch(() => undefined);
    for (const tone of RECIPES[isSoundName(name) ? name : 'ding']) {
      playTone(audio, audio.destination, tone, level);
    }
    return true;
  }

  return { playSound };
}

const player = createSoundPlayer();

export const playSound = player.playSound;

/** The settings panel's "listen" button: the same sound, started by the user's own click. */
export const previewSound = (name: string, volume: number): boolean => playSound(name, volume);

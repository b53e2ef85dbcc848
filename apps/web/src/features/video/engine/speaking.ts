/** How often the levels are read: often enough to follow speech, light on the CPU. */
const TICK_MS = 200;
/** The RMS level of speech above room noise, on a 0..1 scale. */
const THRESHOLD = 0.03;
/** A speaker stays highlighted this long after their last loud tick, so words do not flicker. */
const HOLD_MS = 700;

interface Meter {
  track: MediaStreamTrack;
  source: MediaStreamAudioSourceNode;
  analyser: AnalyserNode;
  samples: Float32Array<ArrayBuffer>;
  loudAt: number;
}

/**
 * Who is speaking: one AnalyserNode on each audio track (this person's and the others'), read in
 * one throttled loop; `onChange` hears the set of speakers when it changes. Without Web Audio
 * (old browsers, tests) nobody is ever highlighted, and nothing else breaks.
 */
export class SpeakingDetector {
  private context: AudioContext | null = null;
  private readonly meters = new Map<number, Meter>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private speaking = new Set<number>();

  constructor(
    private readonly onChange: (speaking: ReadonlySet<number>) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Measures `userId`'s microphone from now on (in place of the track measured before). */
  watch(userId: number, track: MediaStreamTrack): void {
    if (this.meters.get(userId)?.track === track) return;
    const context = this.audioContext();
    if (!context) return;
    this.unwatch(userId);
    // A stream of the audio track alone: the meter must not hold the video track alive.
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    this.meters.set(userId, {
      track,
      source,
      analyser,
      samples: new Float32Array(analyser.fftSize),
      loudAt: -Infinity,
    });
    this.timer ??= setInterval(() => this.tick(), TICK_MS);
  }

  unwatch(userId: number): void {
    const meter = this.meters.get(userId);
    if (!meter) return;
    meter.source.disconnect();
    this.meters.delete(userId);
  }

  stop(): void {
    for (const userId of [...this.meters.keys()]) this.unwatch(userId);
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    void this.context?.close().catch(() => undefined);
    this.context = null;
  }

  private audioContext(): AudioContext | null {
    if (this.context) return this.context;
    if (typeof AudioContext !== 'function') return null;
    this.context = new AudioContext();
    // Made after the click on "Join", so the browser lets it run; resume in case it did not.
    void this.context.resume().catch(() => undefined);
    return this.context;
  }

  private tick(): void {
    const now = this.now();
    const speaking = new Set<number>();
    for (const [userId, meter] of this.meters) {
      meter.analyser.getFloatTimeDomainData(meter.samples);
      let sum = 0;
      for (const sample of meter.samples) sum += sample * sample;
      if (Math.sqrt(sum / meter.samples.length) > THRESHOLD) meter.loudAt = now;
      if (now - meter.loudAt < HOLD_MS) speaking.add(userId);
    }
    const changed =
      speaking.size !== this.speaking.size || [...speaking].some((id) => !this.speaking.has(id));
    this.speaking = speaking;
    if (changed) this.onChange(speaking);
  }
}

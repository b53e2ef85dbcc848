import { mediaProblemOf, type MediaProblem } from './media-problem';

export type MediaKind = 'audio' | 'video';

/** The devices chosen before joining; null: the browser's default. */
export interface DeviceChoice {
  audioDeviceId: string | null;
  videoDeviceId: string | null;
}

/** What asking for one kind of device gave. */
export type Acquired = { track: MediaStreamTrack } | { problem: MediaProblem };

/**
 * This person's own camera, microphone and shared screen: asked for by device, turned on and
 * off, released. Sending them to the others is the call's business (call-engine.ts).
 */
export class LocalMedia {
  audio: MediaStreamTrack | null = null;
  camera: MediaStreamTrack | null = null;
  screen: MediaStreamTrack | null = null;
  /** The microphone's switch: a muted track stays (it comes back at once), silent. */
  audioOn = true;
  choice: DeviceChoice = { audioDeviceId: null, videoDeviceId: null };
  /** Stopped for good: a device that answers later is let go at once. */
  private stopped = false;

  constructor(private readonly devices: MediaDevices) {}

  /**
   * Asks for the microphone and the camera in one question (one permission prompt); when one of
   * them is missing, each alone, so that the one there still works. The problems by kind.
   */
  async acquireBoth(): Promise<Partial<Record<MediaKind, MediaProblem>>> {
    try {
      const stream = await this.devices.getUserMedia({
        audio: this.constraint('audio'),
        video: this.constraint('video'),
      });
      if (this.discardedLate(stream)) return { audio: 'failed', video: 'failed' };
      const audio = stream.getAudioTracks()[0];
      const video = stream.getVideoTracks()[0];
      if (audio) this.replace('audio', audio);
      if (video) this.replace('video', video);
      return { ...(audio ? {} : { audio: 'no-device' }), ...(video ? {} : { video: 'no-device' }) };
    } catch (error) {
      const problem = mediaProblemOf(error);
      // Refused is refused for both: asking again would only be refused again.
      if (problem === 'denied') return { audio: problem, video: problem };
      const [audio, video] = [await this.acquire('audio'), await this.acquire('video')];
      return {
        ...('problem' in audio ? { audio: audio.problem } : {}),
        ...('problem' in video ? { video: video.problem } : {}),
      };
    }
  }

  /** Asks for one kind, by the chosen device, replacing the track held of that kind. */
  async acquire(kind: MediaKind): Promise<Acquired> {
    try {
      const stream = await this.devices.getUserMedia({ [kind]: this.constraint(kind) });
      if (this.discardedLate(stream)) return { problem: 'failed' };
      const track = kind === 'audio' ? stream.getAudioTracks()[0] : stream.getVideoTracks()[0];
      if (!track) return { problem: 'no-device' };
      this.replace(kind, track);
      return { track };
    } catch (error) {
      return { problem: mediaProblemOf(error) };
    }
  }

  /** Turns the microphone on or off without giving it up. */
  setAudioOn(on: boolean): void {
    this.audioOn = on;
    if (this.audio) this.audio.enabled = on;
  }

  /** Gives the camera up (its light goes off); `acquire('video')` brings it back. */
  releaseCamera(): void {
    this.camera?.stop();
    this.camera = null;
  }

  /** Asks to share a screen or a window; the track ends when the browser's own bar stops it. */
  async shareScreen(): Promise<Acquired> {
    try {
      const stream = await this.devices.getDisplayMedia({ video: true, audio: false });
      if (this.discardedLate(stream)) return { problem: 'failed' };
      const track = stream.getVideoTracks()[0];
      if (!track) return { problem: 'failed' };
      this.screen?.stop();
      this.screen = track;
      return { track };
    } catch (error) {
      return { problem: mediaProblemOf(error) };
    }
  }

  stopScreen(): void {
    this.screen?.stop();
    this.screen = null;
  }

  /** What the others see: the shared screen over the camera. */
  get outgoingVideo(): MediaStreamTrack | null {
    return this.screen ?? this.camera;
  }

  /** Every device let go (leaving, or closing the panel before joining). */
  stop(): void {
    this.stopped = true;
    for (const track of [this.audio, this.camera, this.screen]) track?.stop();
    this.audio = this.camera = this.screen = null;
  }

  /** A device that answered after `stop` (the panel closed while the browser asked). */
  private discardedLate(stream: MediaStream): boolean {
    if (!this.stopped) return false;
    for (const track of stream.getTracks()) track.stop();
    return true;
  }

  private constraint(kind: MediaKind): MediaTrackConstraints | boolean {
    const deviceId = kind === 'audio' ? this.choice.audioDeviceId : this.choice.videoDeviceId;
    return deviceId ? { deviceId: { exact: deviceId } } : true;
  }

  private replace(kind: MediaKind, track: MediaStreamTrack): void {
    if (kind === 'audio') {
      this.audio?.stop();
      track.enabled = this.audioOn;
      this.audio = track;
    } else {
      this.camera?.stop();
      this.camera = track;
    }
  }
}

import type {
  VideoEndReason,
  VideoJoinAnswer,
  VideoParticipant,
  VideoSignalEvent,
  VideoStateBody,
} from '@chat/shared';
import type { VideoApi } from '../api';
import { listenToCall, type CallListener } from '../call-listener';
import type { LocalMedia } from './local-media';
import type { MediaProblem } from './media-problem';
import { PeerLink, type LinkState } from './peer-link';
import { SpeakingDetector } from './speaking';

/** One other participant as their tile shows them. */
export interface PeerView {
  stream: MediaStream | null;
  state: LinkState;
}

/** Everything the call panel draws, replaced as a whole on each change (useSyncExternalStore). */
export interface CallSnapshot {
  peers: ReadonlyMap<number, PeerView>;
  /** My own picture (the camera, or the screen I share); null: nothing to show. */
  localVideo: MediaStream | null;
  audioOn: boolean;
  videoOn: boolean;
  screenOn: boolean;
  /** A moderator muted me: the microphone stays off until they unmute me. */
  mutedByModerator: boolean;
  speaking: ReadonlySet<number>;
  /** Why the call ended without my leaving; `left` when I left. */
  ended: VideoEndReason | 'left' | null;
}

export interface CallEngineOptions {
  roomId: number;
  selfId: number;
  answer: VideoJoinAnswer;
  /** My camera and microphone; null for a watcher, who sends nothing. */
  media: LocalMedia | null;
  api: Pick<VideoApi, 'signal' | 'ice' | 'state' | 'leave'>;
  /** Every connection through TURN (relay-flag in rtc-support.ts). */
  relayOnly?: boolean;
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  now?: () => number;
  /** How long a link may stay `disconnected` before its ICE is restarted. */
  disconnectedGraceMs?: number;
}

/** New TURN credentials are fetched this long before the old ones stop working. */
const ICE_REFRESH_MARGIN_MS = 2 * 60 * 1000;

interface Senders {
  audio: RTCRtpSender | null;
  video: RTCRtpSender | null;
}

/**
 * A call in a mesh: one PeerLink (one RTCPeerConnection) to each other participant. The
 * newcomer connects to those already there; they connect back when Video.ParticipantJoined
 * comes; perfect negotiation (peer-link.ts) makes either order work. Turning the microphone,
 * camera or screen on and off swaps tracks on the senders (no renegotiation), except when a kind
 * is sent for the first time. Independent of React: the panel reads `snapshot` and calls these.
 */
export class CallEngine implements CallListener {
  readonly roomId: number;
  readonly callId: string;
  private readonly links = new Map<number, PeerLink>();
  private readonly joinedAt = new Map<number, string>();
  private readonly watchers = new Set<number>();
  private readonly senders = new Map<number, Senders>();
  /** Groups my tracks on the wire, so the others get them as one stream. */
  private readonly sendStream: MediaStream;
  private readonly speakingDetector: SpeakingDetector;
  private iceServers: RTCIceServer[];
  private iceExpiresAt: string | null;
  private iceRefresh: Promise<void> | null = null;
  private iceTimer: ReturnType<typeof setTimeout> | null = null;
  private unlisten: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();
  private state: CallSnapshot;
  private readonly now: () => number;

  constructor(private readonly options: CallEngineOptions) {
    this.roomId = options.roomId;
    this.callId = options.answer.call_id;
    this.now = options.now ?? (() => Date.now());
    this.iceServers = options.answer.ice_servers;
    this.iceExpiresAt = options.answer.ice_expires_at;
    this.sendStream = new MediaStream();
    this.speakingDetector = new SpeakingDetector((speaking) => this.update({ speaking }));
    const self = options.answer.participants.find((p) => p.user.id === options.selfId);
    const media = options.media;
    this.state = {
      peers: new Map(),
      localVideo: null,
      audioOn: media !== null && media.audio !== null && media.audioOn,
      videoOn: media?.camera != null,
      screenOn: false,
      mutedByModerator: self?.muted_by_moderator ?? false,
      speaking: new Set(),
      ended: null,
    };
    if (options.media === null || self?.watcher) this.watchers.add(options.selfId);
  }

  /** Listens to the call's events and connects to everyone already in it. */
  start(): void {
    this.unlisten = listenToCall(this);
    const media = this.options.media;
    if (media?.audio) this.speakingDetector.watch(this.options.selfId, media.audio);
    if (this.state.mutedByModerator) media?.setAudioOn(false);
    this.refreshLocalVideo();
    for (const participant of this.options.answer.participants) this.connect(participant);
    this.scheduleIceRefresh();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): CallSnapshot => this.state;

  /** Each other participant's connection, for the browser journeys' getStats() (debug-hook.ts). */
  peers(): Map<number, RTCPeerConnection> {
    return new Map([...this.links].map(([userId, link]) => [userId, link.pc]));
  }

  // --- CallListener: the realtime events of this call (video-events.ts) ---

  participantJoined(participant: VideoParticipant): void {
    const userId = participant.user.id;
    // Joined again (a reload, another device): the old connection talks to nobody now.
    if (this.links.has(userId) && this.joinedAt.get(userId) !== participant.joined_at)
      this.disconnect(userId);
    this.connect(participant);
  }

  participantUpdated(participant: VideoParticipant): void {
    if (participant.user.id !== this.options.selfId) return;
    if (participant.watcher && !this.watchers.has(this.options.selfId)) this.becomeWatcher();
    const muted = participant.muted_by_moderator;
    if (muted === this.state.mutedByModerator) return;
    // Unmuted by a moderator, the microphone stays off: turning it on is the person's own act.
    if (muted) this.options.media?.setAudioOn(false);
    this.update({ mutedByModerator: muted, audioOn: muted ? false : this.state.audioOn });
  }

  /**
   * A gag while in the call, where the site lets gagged people watch: the server made me a
   * watcher, so I go on watching and listening and send nothing more (the others stop hearing
   * me at once, whatever my tab does next: they drop a watcher's sound too).
   */
  private becomeWatcher(): void {
    this.watchers.add(this.options.selfId);
    const media = this.options.media;
    if (media) {
      if (media.screen) media.stopScreen();
      media.setAudioOn(false);
      media.releaseCamera();
      this.send('audio', null);
      this.send('video', null);
    }
    this.update({ audioOn: false, videoOn: false, screenOn: false });
    this.refreshLocalVideo();
  }

  participantLeft(userId: number): void {
    this.disconnect(userId);
  }

  signal(signal: VideoSignalEvent): void {
    if (this.state.ended !== null) return;
    let link = this.links.get(signal.from);
    if (link?.isFromAnotherSession(signal)) {
      this.disconnect(signal.from);
      link = undefined;
    }
    // An offer from someone whose Video.ParticipantJoined has not come yet.
    link ??= this.link(signal.from);
    void link.receive(signal);
  }

  ended(reason: VideoEndReason): void {
    this.stop(reason);
  }

  // --- what the panel's buttons do ---

  /** Turns my microphone on or off; false when a moderator's mute forbids it. */
  async setAudio(on: boolean): Promise<boolean> {
    const media = this.options.media;
    if (!media || (on && this.state.mutedByModerator)) return false;
    if (on && media.audio === null) {
      const got = await media.acquire('audio');
      if ('problem' in got) return false;
      this.send('audio', got.track);
      this.speakingDetector.watch(this.options.selfId, got.track);
    }
    media.setAudioOn(on);
    this.update({ audioOn: on });
    return this.report({ audio: on });
  }

  /** Turns my camera on (asking for it again) or off (giving it up: its light goes off). */
  async setVideo(on: boolean): Promise<MediaProblem | null> {
    const media = this.options.media;
    if (!media) return 'failed';
    if (on) {
      const got = await media.acquire('video');
      if ('problem' in got) return got.problem;
    } else media.releaseCamera();
    // While a screen is shared the senders keep it; the camera comes back when sharing stops.
    if (!media.screen) this.send('video', media.camera);
    this.update({ videoOn: on });
    this.refreshLocalVideo();
    void this.report({ video: on });
    return null;
  }

  /** Sends a screen in place of the camera, until stopped here or by the browser's own bar. */
  async shareScreen(): Promise<MediaProblem | null> {
    const media = this.options.media;
    if (!media) return 'failed';
    const got = await media.shareScreen();
    if ('problem' in got) return got.problem;
    // Text and lines stay sharp rather than smooth.
    got.track.contentHint = 'detail';
    got.track.addEventListener('ended', () => this.stopScreen(), { once: true });
    this.send('video', got.track);
    this.update({ screenOn: true });
    this.refreshLocalVideo();
    void this.report({ screen: true });
    return null;
  }

  stopScreen(): void {
    const media = this.options.media;
    if (!media?.screen) return;
    media.stopScreen();
    this.send('video', media.camera);
    this.update({ screenOn: false });
    this.refreshLocalVideo();
    void this.report({ screen: false });
  }

  /** Leaves by my own choice: everything stops, and the server is told. */
  async leave(): Promise<void> {
    if (this.state.ended !== null) return;
    this.stop('left');
    await this.options.api.leave(this.roomId, this.callId).catch(() => undefined);
  }

  /** Every link closed, every device let go, no more events heard. */
  stop(reason: VideoEndReason | 'left'): void {
    if (this.state.ended !== null) return;
    this.unlisten?.();
    this.unlisten = null;
    if (this.iceTimer !== null) clearTimeout(this.iceTimer);
    for (const userId of [...this.links.keys()]) this.disconnect(userId, false);
    this.speakingDetector.stop();
    this.options.media?.stop();
    this.update({ peers: new Map(), localVideo: null, speaking: new Set(), ended: reason });
  }

  // --- links ---

  /** A link to `participant`, unless it is me or we are both watchers (nothing to exchange). */
  private connect(participant: VideoParticipant): void {
    const userId = participant.user.id;
    if (userId === this.options.selfId || this.state.ended !== null) return;
    this.joinedAt.set(userId, participant.joined_at);
    if (participant.watcher) this.watchers.add(userId);
    else this.watchers.delete(userId);
    if (this.watchers.has(userId) && this.watchers.has(this.options.selfId)) return;
    if (!this.links.has(userId)) this.link(userId);
  }

  private link(userId: number): PeerLink {
    const pc = (this.options.createPeerConnection ?? ((c) => new RTCPeerConnection(c)))(
      this.rtcConfiguration(),
    );
    const link = new PeerLink(pc, {
      // One rule both sides agree on without talking: the lower id gives way.
      polite: this.options.selfId < userId,
      send: (signal) =>
        this.options.api
          .signal(this.roomId, { to: userId, ...signal })
          .catch((error: unknown) => this.signalRefused(userId, error)),
      onChange: () => this.linkChanged(userId, link),
      onIceFailed: () => void this.restartIce(link),
      disconnectedGraceMs: this.options.disconnectedGraceMs,
    });
    this.links.set(userId, link);
    const media = this.options.media;
    const senders: Senders = { audio: null, video: null };
    if (media?.audio) senders.audio = pc.addTrack(media.audio, this.sendStream);
    if (media?.outgoingVideo) senders.video = pc.addTrack(media.outgoingVideo, this.sendStream);
    this.senders.set(userId, senders);
    this.linkChanged(userId, link);
    return link;
  }

  private disconnect(userId: number, notify = true): void {
    this.links.get(userId)?.close();
    this.links.delete(userId);
    this.senders.delete(userId);
    this.speakingDetector.unwatch(userId);
    if (!notify) return;
    const peers = new Map(this.state.peers);
    peers.delete(userId);
    this.update({ peers });
  }

  private linkChanged(userId: number, link: PeerLink): void {
    if (this.links.get(userId) !== link) return;
    // Their sound may come after their picture, in the same stream.
    const audio = link.stream?.getAudioTracks()[0];
    if (audio) this.speakingDetector.watch(userId, audio);
    const peers = new Map(this.state.peers);
    peers.set(userId, { stream: link.stream, state: link.state });
    this.update({ peers });
  }

  /** Puts `track` on every link's sender of its kind; a kind sent for the first time is added. */
  private send(kind: 'audio' | 'video', track: MediaStreamTrack | null): void {
    for (const [userId, link] of this.links) {
      const senders = this.senders.get(userId);
      if (!senders) continue;
      const sender = senders[kind];
      if (sender) void sender.replaceTrack(track).catch(() => undefined);
      // A new sender: the link renegotiates by itself (onnegotiationneeded).
      else if (track) senders[kind] = link.pc.addTrack(track, this.sendStream);
    }
  }

  /**
   * A signal the server would not relay: the other person is no longer in the call (their link
   * goes), or I am not (my call is over). Anything else is retried by ICE's own restarts.
   */
  private signalRefused(userId: number, error: unknown): void {
    const code = errorCode(error);
    if (code === 'video.recipient_not_in_call') this.disconnect(userId);
    else if (code === 'video.not_in_call') this.stop('dropped');
  }

  // --- ICE ---

  private rtcConfiguration(): RTCConfiguration {
    return {
      iceServers: this.iceServers,
      iceTransportPolicy: this.options.relayOnly ? 'relay' : 'all',
    };
  }

  /** A failed link starts ICE again, with fresh TURN credentials when the old ones are ending. */
  private async restartIce(link: PeerLink): Promise<void> {
    if (this.iceExpiresSoon()) await this.refreshIce();
    link.restartIce();
  }

  private iceExpiresSoon(): boolean {
    if (this.iceExpiresAt === null) return false;
    return Date.parse(this.iceExpiresAt) - this.now() < ICE_REFRESH_MARGIN_MS;
  }

  /** New servers for every link (one request however many links ask at once). */
  private refreshIce(): Promise<void> {
    this.iceRefresh ??= this.options.api
      .ice(this.roomId)
      .then((fresh) => {
        this.iceServers = fresh.ice_servers;
        this.iceExpiresAt = fresh.ice_expires_at;
        for (const link of this.links.values()) link.pc.setConfiguration(this.rtcConfiguration());
        this.scheduleIceRefresh();
      })
      .catch(() => undefined)
      .finally(() => {
        this.iceRefresh = null;
      });
    return this.iceRefresh;
  }

  /**
   * Before the TURN credentials end: new ones, and an ICE restart on every link, since a relay
   * already allocated keeps the old credentials and would stop when they do.
   */
  private scheduleIceRefresh(): void {
    if (this.iceTimer !== null) clearTimeout(this.iceTimer);
    this.iceTimer = null;
    if (this.iceExpiresAt === null) return;
    const delay = Date.parse(this.iceExpiresAt) - this.now() - ICE_REFRESH_MARGIN_MS;
    // A timer past ~24 days would fire at once; TURN credentials live for hours.
    if (!Number.isFinite(delay) || delay > 2 ** 31 - 1) return;
    this.iceTimer = setTimeout(
      () => {
        void this.refreshIce().then(() => {
          for (const link of this.links.values()) link.restartIce();
        });
      },
      Math.max(delay, 0),
    );
  }

  // --- state ---

  private refreshLocalVideo(): void {
    const track = this.options.media?.outgoingVideo ?? null;
    const current = this.state.localVideo?.getVideoTracks()[0] ?? null;
    if (track === current) return;
    this.update({ localVideo: track ? new MediaStream([track]) : null });
  }

  /** Tells the others (through the server) what I send; false when the server refused. */
  private async report(body: VideoStateBody): Promise<boolean> {
    if (this.watchers.has(this.options.selfId)) return true;
    try {
      await this.options.api.state(this.roomId, body);
      return true;
    } catch (error) {
      const code = errorCode(error);
      // A moderator muted me meanwhile: the microphone goes back off.
      if (body.audio === true && code === 'video.muted_by_moderator') {
        this.options.media?.setAudioOn(false);
        this.update({ audioOn: false, mutedByModerator: true });
      } else if (code === 'video.not_in_call') this.stop('dropped');
      return false;
    }
  }

  private update(patch: Partial<CallSnapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** The error envelope's code of a failed call (ApiError), whatever threw it. */
function errorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

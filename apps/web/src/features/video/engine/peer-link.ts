import type { VideoSignalBody } from '@chat/shared';
import { sdpSessionId } from './sdp-session';

/** One negotiation message to the other side (VideoSignalBody without its `to`). */
export type OutgoingSignal = VideoSignalBody extends infer B
  ? B extends { to: number }
    ? Omit<B, 'to'>
    : never
  : never;
/** One negotiation message from the other side, as Video.Signal carries it. */
export type IncomingSignal = Pick<VideoSignalBody, 'type' | 'data'>;

/** How the link looks on its tile. */
export type LinkState = 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'closed';

export interface PeerLinkOptions {
  /** The polite side gives way when both offer at once (W3C "perfect negotiation"). */
  polite: boolean;
  /** Posts one signal; the link sends them one after another, in order. */
  send: (signal: OutgoingSignal) => Promise<void>;
  /** The link's state or its remote media changed. */
  onChange: () => void;
  /** ICE failed, or stayed disconnected too long: the call restarts ICE (maybe with new TURN). */
  onIceFailed: () => void;
  /** How long `disconnected` may last before it counts as failed. */
  disconnectedGraceMs?: number;
  /** Errors that end nothing (a stale candidate, a late answer): worth a console line only. */
  log?: (error: unknown) => void;
}

const DISCONNECTED_GRACE_MS = 6000;

/**
 * One RTCPeerConnection to one other participant, negotiated by the W3C "perfect negotiation"
 * pattern: whoever needs to (tracks added, an ICE restart) offers at once; when both offer at
 * the same time, the impolite side ignores the other's offer and the polite side takes it,
 * its own offer rolled back by setRemoteDescription. So it does not matter who starts.
 *
 * Incoming signals are handled one at a time in their order, and outgoing ones are posted one
 * at a time in theirs: a candidate never reaches the other side before its offer or answer.
 * Candidates that come before the remote description are kept until it is set.
 */
export class PeerLink {
  readonly pc: RTCPeerConnection;
  /** What the other side sends: their camera (or screen) and microphone. */
  stream: MediaStream | null = null;
  state: LinkState = 'connecting';

  /** The other side's connection, by its descriptions' session id (sdp-session.ts). */
  private remoteSession: string | null = null;
  private makingOffer = false;
  private ignoreOffer = false;
  private settingRemoteAnswer = false;
  private waitingCandidates: (RTCIceCandidateInit | null)[] = [];
  private inbox: Promise<void> = Promise.resolve();
  private outbox: Promise<void> = Promise.resolve();
  private disconnectedTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly options: PeerLinkOptions;
  private readonly log: (error: unknown) => void;

  constructor(pc: RTCPeerConnection, options: PeerLinkOptions) {
    this.pc = pc;
    this.options = options;
    this.log = options.log ?? ((error) => console.warn('video link', error));
    pc.onnegotiationneeded = () => void this.offer();
    pc.onicecandidate = ({ candidate }) =>
      this.send({ type: 'candidate', data: candidate ? candidateInit(candidate) : null });
    pc.ontrack = (event) => this.trackArrived(event);
    pc.oniceconnectionstatechange = () => this.iceStateChanged();
  }

  /**
   * Whether `signal` is an offer of another connection than the one this link talks to: the
   * other side started again, so the call replaces this link before handing it over.
   */
  isFromAnotherSession(signal: IncomingSignal): boolean {
    if (signal.type !== 'offer' || this.remoteSession === null) return false;
    const session = sdpSessionId((signal.data as { sdp: string }).sdp);
    return session !== null && session !== this.remoteSession;
  }

  /** An incoming Video.Signal from this link's other side. */
  receive(signal: IncomingSignal): Promise<void> {
    if (signal.type !== 'candidate')
      this.remoteSession ??= sdpSessionId((signal.data as { sdp: string }).sdp);
    this.inbox = this.inbox.then(() => this.handle(signal)).catch(this.log);
    return this.inbox;
  }

  /** A new ICE negotiation (new candidates, maybe through new TURN servers). */
  restartIce(): void {
    if (this.state !== 'closed') this.pc.restartIce();
  }

  close(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.clearDisconnectedTimer();
    this.pc.onnegotiationneeded = null;
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.oniceconnectionstatechange = null;
    this.pc.close();
  }

  private async offer(): Promise<void> {
    try {
      this.makingOffer = true;
      // Without an argument: an offer, or an answer if the other's offer landed meanwhile.
      await this.pc.setLocalDescription();
      this.sendDescription();
    } catch (error) {
      this.log(error);
    } finally {
      this.makingOffer = false;
    }
  }

  private async handle({ type, data }: IncomingSignal): Promise<void> {
    if (this.state === 'closed') return;
    if (type === 'candidate') return this.candidate(data as RTCIceCandidateInit | null);
    const { sdp } = data as { sdp: string };
    const readyForOffer =
      !this.makingOffer && (this.pc.signalingState === 'stable' || this.settingRemoteAnswer);
    const collision = type === 'offer' && !readyForOffer;
    this.ignoreOffer = !this.options.polite && collision;
    if (this.ignoreOffer) return;
    this.settingRemoteAnswer = type === 'answer';
    try {
      // On a collision the polite side's own offer is rolled back here, implicitly.
      await this.pc.setRemoteDescription({ type, sdp });
    } finally {
      this.settingRemoteAnswer = false;
    }
    await this.addWaitingCandidates();
    if (type === 'offer') {
      await this.pc.setLocalDescription();
      this.sendDescription();
    }
  }

  private async candidate(candidate: RTCIceCandidateInit | null): Promise<void> {
    if (this.pc.remoteDescription === null) {
      // The candidates of an offer this side ignored would only fail: they are not kept.
      if (!this.ignoreOffer) this.waitingCandidates.push(candidate);
      return;
    }
    await this.addCandidate(candidate);
  }

  private async addWaitingCandidates(): Promise<void> {
    const waiting = this.waitingCandidates;
    this.waitingCandidates = [];
    for (const candidate of waiting) await this.addCandidate(candidate);
  }

  private async addCandidate(candidate: RTCIceCandidateInit | null): Promise<void> {
    try {
      // null: the other side gathered all its candidates.
      await this.pc.addIceCandidate(candidate ?? undefined);
    } catch (error) {
      // A candidate of an offer ignored in a collision is expected to fail.
      if (!this.ignoreOffer) this.log(error);
    }
  }

  private sendDescription(): void {
    const description = this.pc.localDescription;
    if (description?.type !== 'offer' && description?.type !== 'answer') return;
    this.send({ type: description.type, data: { sdp: description.sdp } });
  }

  private send(signal: OutgoingSignal): void {
    if (this.state === 'closed') return;
    this.outbox = this.outbox.then(() => this.options.send(signal)).catch(this.log);
  }

  private trackArrived(event: RTCTrackEvent): void {
    const stream = event.streams[0] ?? this.stream ?? new MediaStream();
    if (!stream.getTracks().includes(event.track)) stream.addTrack(event.track);
    this.stream = stream;
    // A track that starts or stops flowing (the other side's camera off, a screen shared)
    // changes what the tile can show.
    event.track.onunmute = () => this.options.onChange();
    event.track.onmute = () => this.options.onChange();
    this.options.onChange();
  }

  private iceStateChanged(): void {
    const ice = this.pc.iceConnectionState;
    this.clearDisconnectedTimer();
    if (ice === 'connected' || ice === 'completed') this.setState('connected');
    else if (ice === 'failed') {
      this.setState('reconnecting');
      this.options.onIceFailed();
    } else if (ice === 'disconnected') {
      // Often a blip (a Wi-Fi hand-over) that heals itself; if not, it is a failure.
      this.setState('reconnecting');
      this.disconnectedTimer = setTimeout(() => {
        this.disconnectedTimer = null;
        if (this.pc.iceConnectionState === 'disconnected') this.options.onIceFailed();
      }, this.options.disconnectedGraceMs ?? DISCONNECTED_GRACE_MS);
    }
  }

  private setState(state: LinkState): void {
    if (this.state === state || this.state === 'closed') return;
    this.state = state;
    this.options.onChange();
  }

  private clearDisconnectedTimer(): void {
    if (this.disconnectedTimer !== null) clearTimeout(this.disconnectedTimer);
    this.disconnectedTimer = null;
  }
}

/** A gathered candidate as the wire takes it (its `candidate` line is always there). */
function candidateInit(
  candidate: RTCIceCandidate,
): Extract<OutgoingSignal, { type: 'candidate' }>['data'] {
  const { sdpMid, sdpMLineIndex, usernameFragment } = candidate;
  return { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment };
}

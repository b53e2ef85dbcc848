// Test kit for video calls: wire objects, and stand-ins for the browser's WebRTC and media
// (jsdom has none). FakePeerConnection follows the signaling state machine of the W3C spec far
// enough for perfect negotiation: offers and answers, implicit rollback, candidates refused
// before a remote description, negotiationneeded after addTrack and restartIce.
import type { VideoAbilities, VideoJoinAnswer, VideoParticipant, VideoRoom } from '@chat/shared';
import { vi } from 'vitest';
import { makeMessageUser, makeNick } from '../../../../packages/shared/src/test/chat-fixtures';

export function makeParticipant(
  userId: number,
  overrides: Partial<VideoParticipant> = {},
): VideoParticipant {
  return {
    user: makeMessageUser({ id: userId, nick: makeNick(`User${userId}`) }),
    audio: true,
    video: true,
    screen: false,
    watcher: false,
    muted_by_moderator: false,
    reconnecting: false,
    joined_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeVideoRoom(
  roomId: number,
  participants: VideoParticipant[] = [],
  abilities: Partial<VideoAbilities> = {},
  cap = 6,
): VideoRoom {
  return {
    room_id: roomId,
    cap,
    participants,
    abilities: { join: 'speaker', reason: null, moderate: false, ...abilities },
  };
}

export function makeJoinAnswer(
  room: VideoRoom,
  overrides: Partial<VideoJoinAnswer> = {},
): VideoJoinAnswer {
  return {
    ...room,
    call_id: 'call-1',
    ice_servers: [{ urls: ['stun:stun.example.test:3478'] }],
    ice_expires_at: null,
    ...overrides,
  };
}

export class FakeTrack {
  enabled = true;
  readyState: 'live' | 'ended' = 'live';
  contentHint = '';
  onmute: (() => void) | null = null;
  onunmute: (() => void) | null = null;
  private readonly ended: (() => void)[] = [];
  readonly stop = vi.fn(() => {
    this.readyState = 'ended';
  });

  constructor(
    readonly kind: 'audio' | 'video',
    readonly label = `${kind} device`,
  ) {}

  addEventListener(type: string, listener: () => void): void {
    if (type === 'ended') this.ended.push(listener);
  }

  /** What the browser does when its own "Stop sharing" bar is used. */
  endByBrowser(): void {
    this.readyState = 'ended';
    for (const listener of this.ended) listener();
  }
}

export class FakeMediaStream {
  private readonly tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks = () => [...this.tracks];
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
  addTrack = (track: FakeTrack) => void this.tracks.push(track);
}

let sessions = 1000;

const sdp = (session: number, version: number, kind: string) =>
  `v=0\r\no=- ${session} ${version} IN IP4 127.0.0.1\r\ns=-\r\na=${kind}\r\n`;

export class FakeSender {
  readonly replaceTrack = vi.fn(async (track: FakeTrack | null) => {
    this.track = track;
  });
  constructor(public track: FakeTrack | null) {}
}

export class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  localDescription: { type: RTCSdpType; sdp: string } | null = null;
  remoteDescription: { type: RTCSdpType; sdp: string } | null = null;
  readonly session = sessions++;
  private version = 0;
  readonly senders: FakeSender[] = [];
  /** Every call, in order: what a test checks of the negotiation. */
  readonly log: string[] = [];
  readonly addedCandidates: (RTCIceCandidateInit | undefined)[] = [];
  closed = false;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((event: { candidate: unknown }) => void) | null = null;
  ontrack: ((event: unknown) => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  readonly restartIce = vi.fn(() => {
    this.log.push('restartIce');
    this.negotiationNeeded();
  });
  readonly setConfiguration = vi.fn((config: RTCConfiguration) => {
    this.log.push('setConfiguration');
    this.config = config;
  });

  constructor(public config: RTCConfiguration) {
    FakePeerConnection.made.push(this);
  }

  addTrack(track: FakeTrack): FakeSender {
    const sender = new FakeSender(track);
    this.senders.push(sender);
    this.log.push(`addTrack ${track.kind}`);
    this.negotiationNeeded();
    return sender;
  }

  async setLocalDescription(): Promise<void> {
    await Promise.resolve();
    if (this.signalingState === 'have-remote-offer') {
      this.localDescription = { type: 'answer', sdp: sdp(this.session, ++this.version, 'answer') };
      this.signalingState = 'stable';
      this.log.push('answer');
    } else {
      this.localDescription = { type: 'offer', sdp: sdp(this.session, ++this.version, 'offer') };
      this.signalingState = 'have-local-offer';
      this.log.push('offer');
    }
  }

  async setRemoteDescription(description: { type: RTCSdpType; sdp: string }): Promise<void> {
    await Promise.resolve();
    if (description.type === 'offer') {
      // The polite side's own offer is rolled back by the remote offer itself.
      if (this.signalingState === 'have-local-offer') this.log.push('rollback');
      this.signalingState = 'have-remote-offer';
    } else {
      if (this.signalingState !== 'have-local-offer') throw new Error('InvalidStateError');
      this.signalingState = 'stable';
    }
    this.remoteDescription = description;
    this.log.push(`remote ${description.type}`);
  }

  async addIceCandidate(candidate?: RTCIceCandidateInit): Promise<void> {
    await Promise.resolve();
    if (this.remoteDescription === null) throw new Error('InvalidStateError');
    this.addedCandidates.push(candidate);
    this.log.push(`candidate ${candidate?.candidate ?? 'end'}`);
  }

  close(): void {
    this.closed = true;
    this.signalingState = 'closed';
  }

  getStats = vi.fn(async () => new Map());

  /** The ICE agent reached `state`. */
  iceState(state: RTCIceConnectionState): void {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }

  /** The ICE agent gathered a candidate. */
  gather(line: string): void {
    this.onicecandidate?.({
      candidate: { candidate: line, sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'u' },
    });
  }

  /** The other side's track arrived. */
  remoteTrack(track: FakeTrack, stream: FakeMediaStream): void {
    this.ontrack?.({ track, streams: [stream] });
  }

  /** As the browser does: a task later, and only when stable. */
  private negotiationNeeded(): void {
    setTimeout(() => {
      if (this.signalingState === 'stable' && !this.closed) this.onnegotiationneeded?.();
    }, 0);
  }
}

/** An offer from another browser's connection, as Video.Signal carries it. */
export function remoteOffer(session = 555, version = 1): { sdp: string } {
  return { sdp: sdp(session, version, 'offer') };
}
export function remoteAnswer(session = 555, version = 1): { sdp: string } {
  return { sdp: sdp(session, version, 'answer') };
}

/** A camera and a microphone (or the failure given) behind navigator.mediaDevices. */
export function fakeMediaDevices(
  options: {
    fail?: string;
    devices?: { kind: MediaDeviceKind; deviceId: string; label: string }[];
  } = {},
) {
  const devices = options.devices ?? [
    { kind: 'audioinput', deviceId: 'mic-1', label: 'Built-in microphone' },
    { kind: 'videoinput', deviceId: 'cam-1', label: 'Built-in camera' },
    { kind: 'videoinput', deviceId: 'cam-2', label: 'USB camera' },
  ];
  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    if (options.fail) throw new DOMException('refused', options.fail);
    const tracks: FakeTrack[] = [];
    if (constraints.audio) tracks.push(new FakeTrack('audio'));
    if (constraints.video) tracks.push(new FakeTrack('video'));
    return new FakeMediaStream(tracks);
  });
  const getDisplayMedia = vi.fn(
    async () => new FakeMediaStream([new FakeTrack('video', 'screen')]),
  );
  const enumerateDevices = vi.fn(async () =>
    devices.map((d) => ({ ...d, groupId: 'g', toJSON: () => d })),
  );
  const mediaDevices = {
    getUserMedia,
    getDisplayMedia,
    enumerateDevices,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  return mediaDevices;
}

/** Installs the fakes as the browser's own (undone by setup.ts's unstubAllGlobals). */
export function stubWebRtc(mediaDevices = fakeMediaDevices()) {
  FakePeerConnection.made = [];
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('MediaStream', FakeMediaStream);
  Object.defineProperty(navigator, 'mediaDevices', { value: mediaDevices, configurable: true });
  return mediaDevices;
}

/** Takes navigator.mediaDevices away again (the globals go by setup.ts's unstubAllGlobals). */
export function unstubMediaDevices(): void {
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
}

/** Lets the fakes' timers and promises run their course. */
export async function settleRtc(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

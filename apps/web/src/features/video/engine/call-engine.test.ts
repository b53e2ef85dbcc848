import type { VideoSignalBody, VideoStateBody } from '@chat/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakePeerConnection } from '../../../test/video-kit';
import {
  FakeMediaStream,
  FakeTrack,
  fakeMediaDevices,
  makeJoinAnswer,
  makeParticipant,
  makeVideoRoom,
  remoteAnswer,
  remoteOffer,
  settleRtc,
  stubWebRtc,
  unstubMediaDevices,
} from '../../../test/video-kit';
import { videoEvents } from '../video-events';
import { CallEngine, type CallEngineOptions } from './call-engine';
import { LocalMedia } from './local-media';

const ROOM = 5;
// Every engine a test starts is stopped after it: a running call listens to the module's events.
const running: CallEngine[] = [];

function setup(selfId: number, others: number[], options: Partial<CallEngineOptions> = {}) {
  const sent: (VideoSignalBody & { at: number })[] = [];
  const api = {
    signal: vi.fn(async (_roomId: number, body: VideoSignalBody) => {
      sent.push({ ...body, at: sent.length });
    }),
    ice: vi.fn(async () => ({
      ice_servers: [{ urls: ['turn:fresh.example.test'], username: 'u', credential: 'p' }],
      ice_expires_at: '2030-01-01T00:00:00.000Z',
    })),
    state: vi.fn(async (_roomId: number, _body: VideoStateBody) => makeParticipant(selfId)),
    leave: vi.fn(async (_roomId: number, _callId?: string) => undefined),
  };
  const media = new LocalMedia(fakeMediaDevices() as unknown as MediaDevices);
  media.audio = new FakeTrack('audio') as unknown as MediaStreamTrack;
  media.camera = new FakeTrack('video') as unknown as MediaStreamTrack;
  const room = makeVideoRoom(
    ROOM,
    [selfId, ...others].map((id) => makeParticipant(id)),
  );
  const engine = new CallEngine({
    roomId: ROOM,
    selfId,
    answer: makeJoinAnswer(room),
    media,
    api,
    ...options,
  });
  engine.start();
  running.push(engine);
  const pcOf = (userId: number) => engine.peers().get(userId) as unknown as FakePeerConnection;
  const signal = (from: number, type: VideoSignalBody['type'], data: unknown, callId = 'call-1') =>
    videoEvents.signal({ room_id: ROOM, from, call_id: callId, type, data } as never);
  return { engine, api, sent, media, pcOf, signal };
}

beforeEach(() => {
  stubWebRtc();
});
afterEach(() => {
  for (const engine of running.splice(0)) engine.stop('left');
  unstubMediaDevices();
});

describe('CallEngine', () => {
  it('connects the newcomer to everyone already there, each link offering its tracks', async () => {
    const { engine, sent, pcOf } = setup(1, [2, 3]);
    await settleRtc();
    expect([...engine.peers().keys()]).toEqual([2, 3]);
    expect(pcOf(2).log.slice(0, 2)).toEqual(['addTrack audio', 'addTrack video']);
    expect(sent.map((s) => [s.to, s.type])).toEqual([
      [2, 'offer'],
      [3, 'offer'],
    ]);
    expect(pcOf(2).config.iceServers).toEqual([{ urls: ['stun:stun.example.test:3478'] }]);
    expect(pcOf(2).config.iceTransportPolicy).toBe('all');
  });

  it('forces TURN when asked to (the relay flag)', () => {
    const { pcOf } = setup(1, [2], { relayOnly: true });
    expect(pcOf(2).config.iceTransportPolicy).toBe('relay');
  });

  it('connects to a newcomer when Video.ParticipantJoined comes', async () => {
    const { engine, sent } = setup(1, []);
    videoEvents.participantJoined({ room_id: ROOM, participant: makeParticipant(7) });
    await settleRtc();
    expect([...engine.peers().keys()]).toEqual([7]);
    expect(sent.map((s) => [s.to, s.type])).toEqual([[7, 'offer']]);
  });

  it('on an offer collision, the polite side (lower id) rolls back and answers', async () => {
    const { pcOf, sent, signal } = setup(1, [2]);
    await settleRtc();
    expect(pcOf(2).signalingState).toBe('have-local-offer');
    signal(2, 'offer', remoteOffer());
    await settleRtc();
    expect(pcOf(2).log).toContain('rollback');
    expect(pcOf(2).signalingState).toBe('stable');
    expect(sent.map((s) => s.type)).toEqual(['offer', 'answer']);
  });

  it('on an offer collision, the impolite side (higher id) ignores the offer', async () => {
    const { pcOf, sent, signal } = setup(3, [2]);
    await settleRtc();
    signal(2, 'offer', remoteOffer());
    signal(2, 'candidate', { candidate: 'candidate:ignored', sdpMid: '0', sdpMLineIndex: 0 });
    await settleRtc();
    expect(pcOf(2).log).not.toContain('remote offer');
    expect(pcOf(2).signalingState).toBe('have-local-offer');
    expect(pcOf(2).addedCandidates).toEqual([]);
    expect(sent.map((s) => s.type)).toEqual(['offer']);
    // The polite side answers our offer instead.
    signal(2, 'answer', remoteAnswer());
    await settleRtc();
    expect(pcOf(2).signalingState).toBe('stable');
  });

  it('keeps candidates that come before the remote description until it is set', async () => {
    const { engine, pcOf, signal } = setup(1, []);
    // A newcomer's signals before their Video.ParticipantJoined: the link is made for them.
    signal(9, 'candidate', { candidate: 'candidate:early', sdpMid: '0', sdpMLineIndex: 0 });
    await settleRtc();
    expect(pcOf(9).addedCandidates).toEqual([]);
    signal(9, 'offer', remoteOffer());
    signal(9, 'candidate', null);
    await settleRtc();
    expect(pcOf(9).log).toEqual([
      'addTrack audio',
      'addTrack video',
      // Its own offer went first, and gave way (1 is polite to 9).
      'offer',
      'rollback',
      'remote offer',
      'candidate candidate:early',
      'answer',
      'candidate end',
    ]);
    expect(engine.peers().size).toBe(1);
  });

  it('posts a candidate only after the offer it belongs to has been posted', async () => {
    const order: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const { pcOf, api } = setup(1, [2]);
    api.signal.mockImplementation(async (_room, body) => {
      if (body.type === 'offer') await slow;
      order.push(body.type);
    });
    await settleRtc();
    pcOf(2).gather('candidate:1');
    await settleRtc();
    expect(order).toEqual([]);
    release();
    await settleRtc();
    expect(order).toEqual(['offer', 'candidate']);
  });

  it('restarts ICE when it fails, with fresh TURN credentials when the old ones are ending', async () => {
    const soon = new Date(Date.now() + 30_000).toISOString();
    const { pcOf, api, engine } = setup(1, [2], {
      answer: makeJoinAnswer(makeVideoRoom(ROOM, [makeParticipant(1), makeParticipant(2)]), {
        ice_expires_at: soon,
      }),
    });
    await settleRtc();
    pcOf(2).iceState('connected');
    expect(engine.snapshot().peers.get(2)?.state).toBe('connected');
    pcOf(2).iceState('failed');
    expect(engine.snapshot().peers.get(2)?.state).toBe('reconnecting');
    await settleRtc();
    expect(api.ice).toHaveBeenCalledWith(ROOM);
    const log = pcOf(2).log;
    expect(log.indexOf('setConfiguration')).toBeLessThan(log.indexOf('restartIce'));
    expect(pcOf(2).config.iceServers?.[0]?.urls).toEqual(['turn:fresh.example.test']);
    engine.stop('left');
  });

  it('restarts ICE at once when the credentials have time left', async () => {
    const { pcOf, api } = setup(1, [2]);
    await settleRtc();
    pcOf(2).iceState('failed');
    await settleRtc();
    expect(api.ice).not.toHaveBeenCalled();
    expect(pcOf(2).restartIce).toHaveBeenCalledTimes(1);
  });

  it('shows a disconnected link as reconnecting, and restarts it if it stays so', async () => {
    vi.useFakeTimers();
    const { pcOf, engine } = setup(1, [2], { disconnectedGraceMs: 1000 });
    const pc = pcOf(2);
    pc.iceState('disconnected');
    expect(engine.snapshot().peers.get(2)?.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(pc.restartIce).toHaveBeenCalledTimes(1);
  });

  it('ignores signals and ends for another hold of the call (another tab took it over)', async () => {
    const { engine, signal } = setup(1, []);
    signal(9, 'offer', remoteOffer(), 'call-of-another-tab');
    videoEvents.ended({ room_id: ROOM, call_id: 'call-of-another-tab', reason: 'elsewhere' });
    await settleRtc();
    expect(engine.peers().size).toBe(0);
    expect(engine.snapshot().ended).toBeNull();
  });

  it('closes everything on Video.Ended for its own hold', async () => {
    const { engine, media, pcOf, signal } = setup(1, [2, 3]);
    const tracks = [media.audio, media.camera] as unknown as FakeTrack[];
    await settleRtc();
    const pcs = [pcOf(2), pcOf(3)];
    videoEvents.ended({ room_id: ROOM, call_id: 'call-1', reason: 'removed' });
    expect(pcs.every((pc) => pc.closed)).toBe(true);
    expect(tracks.every((t) => t.stop.mock.calls.length === 1)).toBe(true);
    expect(engine.snapshot().ended).toBe('removed');
    expect(engine.peers().size).toBe(0);
    // Nothing heard after the end.
    signal(4, 'offer', remoteOffer());
    expect(engine.peers().size).toBe(0);
  });

  it('closes the link of someone who left, and replaces the link of someone who rejoined', async () => {
    const { engine, pcOf, signal } = setup(1, [2, 3]);
    await settleRtc();
    const first = pcOf(2);
    signal(2, 'answer', remoteAnswer(700));
    await settleRtc();
    // Another connection of theirs (a reload): the old link is of no use.
    signal(2, 'offer', remoteOffer(701));
    await settleRtc();
    expect(first.closed).toBe(true);
    expect(pcOf(2)).not.toBe(first);
    expect(pcOf(2).log).toContain('remote offer');
    videoEvents.participantLeft({ room_id: ROOM, user_id: 3, reason: null });
    expect(engine.peers().has(3)).toBe(false);
    expect(engine.snapshot().peers.has(3)).toBe(false);
  });

  it('connects no two watchers, and sends nothing as a watcher', async () => {
    const room = makeVideoRoom(ROOM, [
      makeParticipant(1, { watcher: true }),
      makeParticipant(2, { watcher: true }),
      makeParticipant(3),
    ]);
    const api = {
      signal: vi.fn(async () => undefined),
      ice: vi.fn(),
      state: vi.fn(),
      leave: vi.fn(),
    };
    const engine = new CallEngine({
      roomId: ROOM,
      selfId: 1,
      answer: makeJoinAnswer(room),
      media: null,
      api,
    });
    engine.start();
    running.push(engine);
    await settleRtc();
    expect([...engine.peers().keys()]).toEqual([3]);
    expect((engine.peers().get(3) as unknown as FakePeerConnection).senders).toEqual([]);
    // A watcher offers nothing: the speaker's offer starts the link.
    expect(api.signal).not.toHaveBeenCalled();
    engine.stop('left');
  });

  it('turns the microphone and camera off and on without renegotiating', async () => {
    const { engine, media, pcOf, api } = setup(1, [2]);
    await settleRtc();
    const [audioSender, videoSender] = pcOf(2).senders;
    await engine.setAudio(false);
    expect(media.audio?.enabled).toBe(false);
    expect(api.state).toHaveBeenLastCalledWith(ROOM, { audio: false });
    await engine.setVideo(false);
    expect(videoSender?.replaceTrack).toHaveBeenLastCalledWith(null);
    expect(engine.snapshot().localVideo).toBeNull();
    await engine.setVideo(true);
    expect(videoSender?.track).not.toBeNull();
    expect(audioSender?.replaceTrack).not.toHaveBeenCalled();
    expect(pcOf(2).senders).toHaveLength(2);
    expect(api.state).toHaveBeenLastCalledWith(ROOM, { video: true });
  });

  it('shares the screen in place of the camera, and goes back when the browser stops it', async () => {
    const { engine, media, pcOf, api } = setup(1, [2]);
    await settleRtc();
    const camera = media.camera;
    const videoSender = pcOf(2).senders[1];
    expect(await engine.shareScreen()).toBeNull();
    const screen = media.screen as unknown as FakeTrack;
    expect(videoSender?.track).toBe(screen);
    expect(engine.snapshot().screenOn).toBe(true);
    screen.endByBrowser();
    expect(videoSender?.track).toBe(camera);
    expect(engine.snapshot().screenOn).toBe(false);
    expect(api.state.mock.calls.map(([, body]) => body)).toEqual([
      { screen: true },
      { screen: false },
    ]);
  });

  it("keeps the microphone off after a moderator's mute", async () => {
    const { engine, media } = setup(1, [2]);
    videoEvents.participantUpdated({
      room_id: ROOM,
      participant: makeParticipant(1, { muted_by_moderator: true, audio: false }),
    });
    expect(media.audio?.enabled).toBe(false);
    expect(engine.snapshot()).toMatchObject({ mutedByModerator: true, audioOn: false });
    expect(await engine.setAudio(true)).toBe(false);
    expect(media.audio?.enabled).toBe(false);
  });

  it('sends nothing more once the server makes me a watcher (a gag in the call)', async () => {
    const { engine, media, pcOf } = setup(1, [2]);
    await settleRtc();
    videoEvents.participantUpdated({
      room_id: ROOM,
      participant: makeParticipant(1, { watcher: true, audio: false, video: false }),
    });
    expect(media.audio?.enabled).toBe(false);
    expect(media.camera).toBeNull();
    expect(pcOf(2).senders.map((s) => s.track)).toEqual([null, null]);
    expect(engine.snapshot()).toMatchObject({ audioOn: false, videoOn: false, screenOn: false });
    // Still in the call, watching and listening.
    expect(engine.snapshot().ended).toBeNull();
    expect([...engine.peers().keys()]).toEqual([2]);
  });

  it('drops the link of someone the server says is no longer in the call', async () => {
    const { engine, api } = setup(1, [2, 3]);
    api.signal.mockImplementation(async (_room, body) => {
      if (body.to === 2)
        throw Object.assign(new Error('gone'), { code: 'video.recipient_not_in_call' });
    });
    await settleRtc();
    expect([...engine.peers().keys()]).toEqual([3]);
  });

  it('leaves its own hold only', async () => {
    const { engine, api } = setup(1, [2]);
    await engine.leave();
    expect(api.leave).toHaveBeenCalledWith(ROOM, 'call-1');
    expect(engine.snapshot().ended).toBe('left');
  });

  it('gives the remote stream to the tile', async () => {
    const { engine, pcOf } = setup(1, [2]);
    const stream = new FakeMediaStream([new FakeTrack('video')]);
    pcOf(2).remoteTrack(new FakeTrack('video'), stream);
    expect(engine.snapshot().peers.get(2)?.stream).toBe(stream);
  });
});

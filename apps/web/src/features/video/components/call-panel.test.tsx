import type { VideoJoinBody, VideoParticipant, VideoRoom } from '@chat/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-error';
import { fakeApi } from '../../../test/api-kit';
import { signInAs, VIEWER_ID } from '../../../test/chat-kit';
import { fakeServer } from '../../../test/sign-in-kit';
import {
  fakeMediaDevices,
  FakeMediaStream,
  FakePeerConnection,
  FakeTrack,
  makeJoinAnswer,
  makeParticipant,
  makeVideoRoom,
  settleRtc,
  stubWebRtc,
  unstubMediaDevices,
} from '../../../test/video-kit';
import { useVideoStore } from '../store';
import { videoEvents } from '../video-events';
import { CallPanel } from './call-panel';

const ROOM = 5;
const server = fakeServer();
fakeApi(server.api);

function serve(room: VideoRoom) {
  server.on(`GET /api/room/${ROOM}/video`, room);
  server.on(`POST /api/room/${ROOM}/video/join`, () =>
    makeJoinAnswer({ ...room, participants: [...room.participants, me(room)] }),
  );
  server.on(`POST /api/room/${ROOM}/video/signal`, null);
  server.on(`POST /api/room/${ROOM}/video/state`, null);
  server.on(`POST /api/room/${ROOM}/video/leave`, null);
  server.on(`POST /api/room/${ROOM}/video/moderate`, null);
}

const me = (room: VideoRoom): VideoParticipant =>
  makeParticipant(VIEWER_ID, { watcher: room.abilities.join === 'watcher' });

async function open(room: VideoRoom) {
  serve(room);
  useVideoStore.getState().applyRoom(room);
  useVideoStore.getState().openPanel(ROOM);
  render(<CallPanel roomId={ROOM} title="Video call" />);
  await settleRtc();
}

async function joinCall() {
  fireEvent.click(await screen.findByTestId('video-join'));
  await screen.findByTestId('video-leave');
  await settleRtc();
}

beforeEach(async () => {
  server.reset();
  signInAs();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  unstubMediaDevices();
});

describe('CallPanel before joining', () => {
  it('says so when the browser has no WebRTC', async () => {
    vi.stubGlobal('RTCPeerConnection', undefined);
    await open(makeVideoRoom(ROOM));
    expect(screen.getByTestId('video-unsupported').textContent).toBe(
      'Your browser does not support this feature.',
    );
    expect(screen.queryByTestId('video-join')).toBeNull();
  });

  it('says so when access to the devices is refused, and joins without them', async () => {
    stubWebRtc(fakeMediaDevices({ fail: 'NotAllowedError' }));
    await open(makeVideoRoom(ROOM));
    expect(screen.getByTestId('video-problem').textContent).toContain(
      'Access to the camera and microphone was refused.',
    );
    await joinCall();
    expect(server.sent(`POST /api/room/${ROOM}/video/join`)).toEqual([
      { audio: false, video: false },
    ]);
  });

  it('shows the camera, lets another be chosen, and joins with both devices on', async () => {
    const devices = stubWebRtc();
    await open(makeVideoRoom(ROOM, [makeParticipant(2)]));
    expect(devices.getUserMedia).toHaveBeenCalledWith({ audio: true, video: true });
    expect(screen.getByTestId('video-people').textContent).toBe('1 person in the call');
    fireEvent.change(await screen.findByTestId('video-camera-device'), {
      target: { value: 'cam-2' },
    });
    await settleRtc();
    expect(devices.getUserMedia).toHaveBeenLastCalledWith({
      video: { deviceId: { exact: 'cam-2' } },
    });
    fireEvent.click(screen.getByTestId('video-pre-mic'));
    await joinCall();
    expect(server.sent(`POST /api/room/${ROOM}/video/join`)).toEqual([
      { audio: false, video: true } satisfies VideoJoinBody,
    ]);
    expect(screen.getAllByTestId('video-tile').map((t) => t.dataset.userId)).toEqual([
      String(VIEWER_ID),
      '2',
    ]);
  });

  it('says a full call is full (409)', async () => {
    stubWebRtc();
    await open(makeVideoRoom(ROOM, [], {}, 6));
    server.on(`POST /api/room/${ROOM}/video/join`, () => {
      throw new ApiError(409, 'The call is full.', 'conflict');
    });
    fireEvent.click(screen.getByTestId('video-join'));
    expect((await screen.findByTestId('video-full')).textContent).toBe(
      'The call is full (6 people)',
    );
    expect(screen.getByTestId('video-join')).toBeTruthy();
  });

  it('says why one may not join', async () => {
    stubWebRtc();
    await open(makeVideoRoom(ROOM, [], { join: null, reason: 'guest' }));
    expect(screen.getByTestId('video-refusal').textContent).toBe(
      'Guests cannot join video calls: sign up to take part.',
    );
    expect(screen.queryByTestId('video-join')).toBeNull();
  });

  it('lets a watcher join to receive only, asking for no device', async () => {
    const devices = stubWebRtc();
    await open(makeVideoRoom(ROOM, [makeParticipant(2)], { join: 'watcher' }));
    expect(devices.getUserMedia).not.toHaveBeenCalled();
    expect(screen.getByTestId('video-join').textContent).toBe('Watch and listen');
    await joinCall();
    expect(server.sent(`POST /api/room/${ROOM}/video/join`)).toEqual([
      { audio: false, video: false },
    ]);
    expect(FakePeerConnection.made).toHaveLength(1);
    expect(FakePeerConnection.made[0]?.senders).toEqual([]);
    expect(screen.queryByTestId('video-mic')).toBeNull();
    expect(screen.queryByTestId('video-camera')).toBeNull();
  });

  it('speaks Russian', async () => {
    await i18n.changeLanguage('ru');
    stubWebRtc();
    await open(makeVideoRoom(ROOM, [makeParticipant(2), makeParticipant(3)], {}, 5));
    expect(screen.getByTestId('video-join').textContent).toBe('Присоединиться');
    expect(screen.getByTestId('video-people').textContent).toBe('В звонке 2 человека');
    expect(screen.getByTestId('video-pre-mic').getAttribute('aria-label')).toBe('Микрофон');
    server.on(`POST /api/room/${ROOM}/video/join`, () => {
      throw new ApiError(409, 'full', 'conflict');
    });
    fireEvent.click(screen.getByTestId('video-join'));
    expect((await screen.findByTestId('video-full')).textContent).toBe(
      'В звонке нет мест (5 участников)',
    );
  });
});

describe('CallPanel in the call', () => {
  it('gives moderators a menu on the tiles of those they outrank, and nobody else', async () => {
    signInAs({ roles: ['moderator'] });
    stubWebRtc();
    const admin = makeParticipant(3);
    admin.user.roles = ['admin'];
    await open(makeVideoRoom(ROOM, [makeParticipant(2), admin], { moderate: true }));
    await joinCall();
    const tile = (id: number) =>
      screen.getAllByTestId('video-tile').find((t) => t.dataset.userId === String(id))!;
    expect(tile(2).querySelector('[data-testid="video-moderate"]')).not.toBeNull();
    expect(tile(3).querySelector('[data-testid="video-moderate"]')).toBeNull();
    expect(tile(VIEWER_ID).querySelector('[data-testid="video-moderate"]')).toBeNull();
    fireEvent.click(tile(2).querySelector('[data-testid="video-moderate"]')!);
    fireEvent.click(await screen.findByTestId('video-mute'));
    await settleRtc();
    expect(server.sent(`POST /api/room/${ROOM}/video/moderate`)).toEqual([
      { user_id: 2, action: 'mute' },
    ]);
  });

  it('gives no moderation menu without abilities.moderate', async () => {
    signInAs({ roles: ['moderator'] });
    stubWebRtc();
    await open(makeVideoRoom(ROOM, [makeParticipant(2)], { moderate: false }));
    await joinCall();
    expect(screen.queryByTestId('video-moderate')).toBeNull();
  });

  it("turns the microphone off and its button with it after a moderator's mute", async () => {
    stubWebRtc();
    await open(makeVideoRoom(ROOM, [makeParticipant(2)]));
    await joinCall();
    const mic = screen.getByTestId('video-mic');
    expect(mic.getAttribute('aria-pressed')).toBe('true');
    act(() =>
      videoEvents.participantUpdated({
        room_id: ROOM,
        participant: makeParticipant(VIEWER_ID, { muted_by_moderator: true, audio: false }),
      }),
    );
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(mic.getAttribute('aria-disabled')).toBe('true');
    const note = screen.getByTestId('video-muted-note');
    expect(mic.getAttribute('aria-describedby')).toBe(note.id);
    expect(note.textContent).toContain('A moderator muted your microphone');
    fireEvent.click(mic);
    expect(mic.getAttribute('aria-pressed')).toBe('false');
  });

  it('mutes the sound of someone a moderator muted', async () => {
    stubWebRtc();
    await open(makeVideoRoom(ROOM, [makeParticipant(2, { muted_by_moderator: true })]));
    await joinCall();
    const sound = new FakeTrack('audio');
    act(() => FakePeerConnection.made[0]?.remoteTrack(sound, new FakeMediaStream([sound])));
    const tile = screen.getAllByTestId('video-tile').find((t) => t.dataset.userId === '2')!;
    expect(tile.querySelector('video')?.muted).toBe(true);
    expect(tile.querySelector('[data-testid="video-mark-mic-off"]')?.textContent).toBe(
      'Muted by a moderator',
    );
  });

  it('says why the call ended when the server ends this hold', async () => {
    stubWebRtc();
    await open(makeVideoRoom(ROOM, [makeParticipant(2)]));
    await joinCall();
    act(() => videoEvents.ended({ room_id: ROOM, call_id: 'call-1', reason: 'elsewhere' }));
    expect(screen.getByTestId('video-ended').textContent).toContain(
      'You joined the call from another tab or device.',
    );
    expect(FakePeerConnection.made.every((pc) => pc.closed)).toBe(true);
  });

  it('leaves the call when the panel goes', async () => {
    stubWebRtc();
    await open(makeVideoRoom(ROOM, [makeParticipant(2)]));
    await joinCall();
    fireEvent.click(screen.getByTestId('video-leave'));
    await settleRtc();
    expect(server.sent(`POST /api/room/${ROOM}/video/leave`)).toHaveLength(1);
    expect(useVideoStore.getState().panelRoomId).toBeNull();
  });
});

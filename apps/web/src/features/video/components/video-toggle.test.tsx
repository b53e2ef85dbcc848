import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/api-kit';
import { fakeServer } from '../../../test/sign-in-kit';
import { makeParticipant, makeVideoRoom } from '../../../test/video-kit';
import { useRealtimeStore } from '../../realtime/store';
import { useVideoStore } from '../store';
import { videoEvents } from '../video-events';
import { VideoToggle } from './video-toggle';
import { VideoUserMark } from './video-user-mark';

const ROOM = 5;
const server = fakeServer();
fakeApi(server.api);

beforeEach(async () => {
  server.reset();
  await i18n.changeLanguage('en');
  useRealtimeStore.getState().setConnection('connected', '1.1');
});

function renderRoom() {
  render(
    <>
      <VideoToggle roomId={ROOM} />
      <VideoUserMark roomId={ROOM} userId={2} />
      <VideoUserMark roomId={ROOM} userId={3} />
    </>,
  );
}

describe('the room header camera button and the user list marks', () => {
  it("read the room's call when it opens, and follow the events", async () => {
    server.on(`GET /api/room/${ROOM}/video`, makeVideoRoom(ROOM, [makeParticipant(2)]));
    renderRoom();
    const button = screen.getByTestId('video-toggle');
    expect((await screen.findByTestId('video-count')).textContent).toBe('1');
    expect(screen.getByRole('button', { name: 'Video call 1' })).toBe(button);
    expect(button.getAttribute('title')).toBe('Video call: 1 person in it');
    expect(screen.getAllByTestId('mark-video')).toHaveLength(1);
    expect(screen.getByTestId('mark-video').textContent).toBe('In the video call');

    act(() => videoEvents.participantJoined({ room_id: ROOM, participant: makeParticipant(3) }));
    expect(screen.getAllByTestId('mark-video')).toHaveLength(2);
    act(() => videoEvents.participantLeft({ room_id: ROOM, user_id: 2, reason: null }));
    expect(screen.getAllByTestId('mark-video')).toHaveLength(1);
    expect(screen.getByTestId('video-count').textContent).toBe('1');
  });

  it('opens and closes the panel, saying so by aria-pressed', async () => {
    server.on(`GET /api/room/${ROOM}/video`, makeVideoRoom(ROOM));
    renderRoom();
    const button = screen.getByTestId('video-toggle');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(useVideoStore.getState().panelRoomId).toBe(ROOM);
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(useVideoStore.getState().panelRoomId).toBeNull();
  });

  it('is named in Russian', async () => {
    await i18n.changeLanguage('ru');
    server.on(`GET /api/room/${ROOM}/video`, makeVideoRoom(ROOM, [makeParticipant(2)]));
    renderRoom();
    expect(screen.getByRole('button', { name: /^Видеозвонок/ })).toBeTruthy();
    expect((await screen.findByTestId('mark-video')).textContent).toBe('В видеозвонке');
  });
});

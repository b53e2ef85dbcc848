import { outranks, type VideoParticipant } from '@chat/shared';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallEngine, CallSnapshot } from '../engine/call-engine';
import { screenShareSupported } from '../engine/rtc-support';
import { videoApi, type RoomCall } from '../store';
import { CallControls } from './call-controls';
import { VideoTile, type TileMedia } from './video-tile';
import { problemText } from './words';

interface InCallProps {
  engine: CallEngine;
  roomId: number;
  room: RoomCall;
  self: { id: number; roles: string[] };
  onLeave: () => void;
}

const MUTED_NOTE_ID = 'video-muted-note';

function tileMedia(p: VideoParticipant, call: CallSnapshot, self: boolean): TileMedia {
  const speaking = call.speaking.has(p.user.id);
  if (self) {
    return {
      stream: call.localVideo,
      pictureOn: call.localVideo !== null,
      audioOn: call.audioOn,
      screen: call.screenOn,
      reconnecting: false,
      speaking,
    };
  }
  const peer = call.peers.get(p.user.id);
  const stream = peer?.stream ?? null;
  return {
    stream,
    pictureOn: (p.video || p.screen) && (stream?.getVideoTracks().length ?? 0) > 0,
    audioOn: p.audio,
    screen: p.screen,
    // The server's word (their sockets are gone) or ours (the connection to them dropped).
    reconnecting: p.reconnecting || peer?.state === 'reconnecting',
    speaking,
  };
}

/** The call: everyone's tiles (mine first), who speaks, and my buttons. */
export function InCall({ engine, roomId, room, self, onLeave }: InCallProps) {
  const { t } = useTranslation('video');
  const call = useSyncExternalStore(engine.subscribe, engine.snapshot);
  const [problem, setProblem] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const me = room.participants.find((p) => p.user.id === self.id);
  const others = room.participants.filter((p) => p.user.id !== self.id);
  const people = me ? [me, ...others] : others;
  const watcher = me?.watcher ?? room.abilities.join === 'watcher';

  // Join was pressed and went away with the form: the keyboard goes on from the call's first
  // button, unless it is somewhere already (the message box).
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null)
      ref.current?.querySelector<HTMLButtonElement>('.video-controls button')?.focus();
  }, []);

  const moderation = (p: VideoParticipant) =>
    room.abilities.moderate && p.user.id !== self.id && outranks(self.roles, p.user.roles)
      ? (action: 'mute' | 'unmute' | 'remove') =>
          void videoApi.moderate(roomId, { user_id: p.user.id, action }).catch(() => undefined)
      : null;

  const onVideo = async (on: boolean) => {
    const failed = await engine.setVideo(on);
    setProblem(failed ? problemText(t, failed) : null);
  };
  const onScreen = async (on: boolean) => {
    if (!on) return engine.stopScreen();
    const failed = await engine.shareScreen();
    // Refused is the person closing the browser's picker: nothing to say.
    setProblem(failed && failed !== 'denied' ? t('problems.screen') : null);
  };

  return (
    <div className="video-in-call" ref={ref}>
      <div className="video-grid" data-count={Math.min(people.length, 8)}>
        {people.map((p) => (
          <VideoTile
            key={p.user.id}
            participant={p}
            media={tileMedia(p, call, p.user.id === self.id)}
            self={p.user.id === self.id}
            moderation={moderation(p)}
          />
        ))}
      </div>
      {call.mutedByModerator && (
        <p
          id={MUTED_NOTE_ID}
          className="video-note is-moderated"
          role="status"
          data-testid="video-muted-note"
        >
          {t('errors.mutedByModerator')}
        </p>
      )}
      {problem && (
        <p className="video-note" role="alert">
          {problem}
        </p>
      )}
      <CallControls
        call={call}
        watcher={watcher}
        canShareScreen={screenShareSupported()}
        mutedNoteId={MUTED_NOTE_ID}
        onAudio={(on) => void engine.setAudio(on)}
        onVideo={(on) => void onVideo(on)}
        onScreen={(on) => void onScreen(on)}
        onLeave={onLeave}
      />
    </div>
  );
}

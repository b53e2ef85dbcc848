import type { VideoEndReason } from '@chat/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import type { CallEngine } from '../engine/call-engine';
import type { LocalMedia } from '../engine/local-media';
import { startCall } from '../engine/start-call';
import { useVideoStore, videoApi } from '../store';

/** Why joining did not work, in the panel's words. */
export type JoinFailure =
  | { kind: 'full'; cap: number }
  | { kind: 'refused'; reason: string | null }
  /** The browser could not start the call (a connection refused its settings). */
  | { kind: 'failed' };

export type CallPhase =
  | { step: 'before' }
  | { step: 'joining' }
  | { step: 'in'; engine: CallEngine }
  | { step: 'ended'; reason: VideoEndReason | 'left' };

/**
 * The panel's call, from joining to its end. The call is left when the panel goes (closed, another
 * room's panel, another page): the component holding this hook lives exactly as long as that.
 */
export function useCallSession(roomId: number, selfId: number) {
  const [phase, setPhase] = useState<CallPhase>({ step: 'before' });
  const [failure, setFailure] = useState<JoinFailure | null>(null);
  const engineRef = useRef<CallEngine | null>(null);

  const goneRef = useRef(false);

  useEffect(() => {
    goneRef.current = false;
    return () => {
      goneRef.current = true;
      void engineRef.current?.leave();
      engineRef.current = null;
    };
  }, []);

  /**
   * Joins with what the preview has (`media` null: a watcher, or no devices at all);
   * `handOver` gives the media to the call once the server has said yes.
   */
  const join = useCallback(
    async (media: LocalMedia | null, handOver: () => void) => {
      setPhase({ step: 'joining' });
      setFailure(null);
      try {
        const answer = await videoApi.join(roomId, {
          audio: media?.audio != null && media.audioOn,
          video: media?.camera != null,
        });
        handOver();
        // The panel closed while the server answered: the new hold is given back at once.
        if (goneRef.current) {
          media?.stop();
          await videoApi.leave(roomId, answer.call_id);
          return;
        }
        useVideoStore.getState().applyRoom(answer);
        const engine = startCall(roomId, selfId, answer, media);
        engineRef.current = engine;
        engine.subscribe(() => {
          const ended = engine.snapshot().ended;
          if (ended !== null && engineRef.current === engine) {
            engineRef.current = null;
            setPhase({ step: 'ended', reason: ended });
          }
        });
        setPhase({ step: 'in', engine });
      } catch (error) {
        setPhase({ step: 'before' });
        if (!(error instanceof ApiError)) {
          // Joined, but the call could not start here: the hold is given back at once.
          console.error('video call', error);
          media?.stop();
          void videoApi.leave(roomId);
          setFailure({ kind: 'failed' });
          return;
        }
        const cap = useVideoStore.getState().rooms[roomId]?.cap ?? 0;
        if (error.status === 409) setFailure({ kind: 'full', cap });
        else if (error.status === 403) {
          setFailure({ kind: 'refused', reason: error.code });
          // The room's abilities say why, in words the panel knows.
          void useVideoStore.getState().load(roomId);
        }
      }
    },
    [roomId, selfId],
  );

  /** After an end: back to the preview, to join again. */
  const again = useCallback(() => setPhase({ step: 'before' }), []);

  return { phase, failure, join, again };
}

import type { VideoEndReason, VideoParticipant, VideoSignalEvent } from '@chat/shared';

/**
 * What the running call (engine/call-engine.ts, loaded with the call panel) hears of the realtime
 * events. The store hands them over only for the call's room, and a Signal or an End only when
 * its `call_id` is this tab's hold: a second tab joining takes the call over.
 */
export interface CallListener {
  readonly roomId: number;
  readonly callId: string;
  participantJoined(participant: VideoParticipant): void;
  participantUpdated(participant: VideoParticipant): void;
  participantLeft(userId: number): void;
  signal(signal: VideoSignalEvent): void;
  ended(reason: VideoEndReason): void;
}

let current: CallListener | null = null;

/** The running call listens while it runs (one per tab); returns the way to stop. */
export function listenToCall(listener: CallListener): () => void {
  current = listener;
  return () => {
    if (current === listener) current = null;
  };
}

export function callListener(): CallListener | null {
  return current;
}

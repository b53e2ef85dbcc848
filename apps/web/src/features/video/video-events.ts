import type { RealtimeEventMap } from '@chat/shared';
import { callListener, type CallListener } from './call-listener';
import { useVideoStore } from './store';

/** The Video.* events as the realtime dispatcher hands them over. */
export interface VideoEventActions {
  participantJoined(payload: RealtimeEventMap['Video.ParticipantJoined']): void;
  participantUpdated(payload: RealtimeEventMap['Video.ParticipantUpdated']): void;
  participantLeft(payload: RealtimeEventMap['Video.ParticipantLeft']): void;
  signal(payload: RealtimeEventMap['Video.Signal']): void;
  ended(payload: RealtimeEventMap['Video.Ended']): void;
}

/** The running call of `roomId`, if this tab has one. */
const callOf = (roomId: number): CallListener | null => {
  const call = callListener();
  return call !== null && call.roomId === roomId ? call : null;
};
/** The running call whose hold `callId` names: another tab's hold is not this tab's business. */
const holding = (callId: string): CallListener | null => {
  const call = callListener();
  return call !== null && call.callId === callId ? call : null;
};

/**
 * The room's call list follows the presence events (the user list's camera marks, the panel's
 * tiles); the running call hears them too, to connect to a newcomer or close a leaver's link.
 */
export const videoEvents: VideoEventActions = {
  participantJoined: ({ room_id, participant }) => {
    useVideoStore.getState().upsertParticipant(room_id, participant);
    callOf(room_id)?.participantJoined(participant);
  },
  participantUpdated: ({ room_id, participant }) => {
    useVideoStore.getState().upsertParticipant(room_id, participant);
    callOf(room_id)?.participantUpdated(participant);
  },
  participantLeft: ({ room_id, user_id }) => {
    useVideoStore.getState().removeParticipant(room_id, user_id);
    callOf(room_id)?.participantLeft(user_id);
  },
  signal: (payload) => holding(payload.call_id)?.signal(payload),
  ended: ({ call_id, reason }) => holding(call_id)?.ended(reason),
};

import { z } from 'zod';
import { messageUser } from '../chat/wire';
import { idField } from '../schemas/fields';
import { VIDEO_CANDIDATE_MAX, VIDEO_SDP_MAX } from './constants';

/** Video rooms on the wire (API.md "Video rooms"). */

export const videoParticipantSchema = z.object({
  user: messageUser,
  /** The microphone is on. */
  audio: z.boolean(),
  /** The camera is on. */
  video: z.boolean(),
  /** The person shares their screen (in place of the camera). */
  screen: z.boolean(),
  /** Joined to watch and listen only (guests and gagged people, when the site allows it). */
  watcher: z.boolean(),
  /** A moderator muted them: they cannot turn the microphone on, and nobody plays their sound. */
  muted_by_moderator: z.boolean(),
  /** Every socket of theirs in the room closed: they come back or are taken out soon. */
  reconnecting: z.boolean(),
  joined_at: z.string(),
});
export type VideoParticipant = z.infer<typeof videoParticipantSchema>;

/** What the viewer may do with a room's call. */
export const videoAbilitiesSchema = z.object({
  /** `speaker` sends and receives; `watcher` only receives; null: may not join (see `reason`). */
  join: z.enum(['speaker', 'watcher']).nullable(),
  /** Why `join` is null: `guest`, `gagged`, `banned`, `not_member`. */
  reason: z.string().nullable(),
  /** Mute or remove others (moderators who outrank them; the web checks per person too). */
  moderate: z.boolean(),
});
export type VideoAbilities = z.infer<typeof videoAbilitiesSchema>;

/** `GET /api/room/{id}/video`. */
export const videoRoomSchema = z.object({
  room_id: z.number().int(),
  cap: z.number().int(),
  participants: z.array(videoParticipantSchema),
  abilities: videoAbilitiesSchema,
});
export type VideoRoom = z.infer<typeof videoRoomSchema>;

/** An RTCIceServer as the browser takes it. */
export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/** `POST /api/room/{id}/video/join`: what the person starts with. */
export const videoJoinBody = z.object({
  audio: z.boolean().default(true),
  video: z.boolean().default(true),
});
export type VideoJoinBody = z.infer<typeof videoJoinBody>;

/** The answer to a join: the call, this tab's hold on it, and how to reach the others. */
export const videoJoinAnswerSchema = videoRoomSchema.extend({
  /**
   * This tab's hold on the call. A second tab joining takes the call over; signals and the end
   * of the call name the hold they are for, so an older tab knows they are not its own.
   */
  call_id: z.string(),
  ice_servers: z.array(iceServerSchema),
  /** When the TURN credentials stop working (ISO time); GET …/video/ice gives new ones. */
  ice_expires_at: z.string().nullable(),
});
export type VideoJoinAnswer = z.infer<typeof videoJoinAnswerSchema>;

/** `GET /api/room/{id}/video/ice`: fresh STUN and TURN for a participant (an ICE restart). */
export const videoIceAnswerSchema = z.object({
  ice_servers: z.array(iceServerSchema),
  ice_expires_at: z.string().nullable(),
});
export type VideoIceAnswer = z.infer<typeof videoIceAnswerSchema>;

/**
 * `POST /api/room/{id}/video/leave`: `call_id`, when sent, is the hold the tab is leaving; a
 * tab whose call another tab took over then leaves nothing (its late leave, or the one sent as
 * the page closes, must not end the newer tab's call). Without it, the person's hold ends.
 */
export const videoLeaveBody = z.object({ call_id: z.string().max(64).optional() });
export type VideoLeaveBody = z.infer<typeof videoLeaveBody>;

/** `POST /api/room/{id}/video/state`: the participant's own microphone, camera and screen. */
export const videoStateBody = z
  .object({ audio: z.boolean(), video: z.boolean(), screen: z.boolean() })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'empty' });
export type VideoStateBody = z.infer<typeof videoStateBody>;

const sessionDescription = z.object({ sdp: z.string().min(1).max(VIDEO_SDP_MAX) });
const candidate = z
  .object({
    candidate: z.string().max(VIDEO_CANDIDATE_MAX),
    sdpMid: z.string().max(64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
    usernameFragment: z.string().max(256).nullable().optional(),
  })
  // null: the sender's candidates are all gathered.
  .nullable();

/** `POST /api/room/{id}/video/signal`: one message of WebRTC negotiation for one participant. */
export const videoSignalBody = z.discriminatedUnion('type', [
  z.object({ to: idField, type: z.literal('offer'), data: sessionDescription }),
  z.object({ to: idField, type: z.literal('answer'), data: sessionDescription }),
  z.object({ to: idField, type: z.literal('candidate'), data: candidate }),
]);
export type VideoSignalBody = z.infer<typeof videoSignalBody>;

/** `POST /api/room/{id}/video/moderate`. */
export const VIDEO_MODERATION_ACTIONS = ['mute', 'unmute', 'remove'] as const;
export const videoModerateBody = z.object({
  user_id: idField,
  action: z.enum(VIDEO_MODERATION_ACTIONS),
});
export type VideoModerateBody = z.infer<typeof videoModerateBody>;

/** Why a person's call ended without their leaving it. */
export const VIDEO_END_REASONS = [
  /** A moderator took them out. */
  'removed',
  /** A ban or full ban. */
  'banned',
  /** They left the room, or were removed from it. */
  'left_room',
  /** Another tab or device of theirs joined a call. */
  'elsewhere',
  /** Their sockets stayed away past the grace. */
  'dropped',
] as const;
export type VideoEndReason = (typeof VIDEO_END_REASONS)[number];

/** `Video.Signal` on the recipient's `private-user.{id}`. */
export interface VideoSignalEvent {
  room_id: number;
  /** The sender's user id. */
  from: number;
  /** The recipient's hold on the call: a tab whose call_id differs ignores it. */
  call_id: string;
  type: VideoSignalBody['type'];
  data: VideoSignalBody['data'];
}

/** `Video.Ended` on `private-user.{id}`: this hold on the call is over. */
export interface VideoEndedEvent {
  room_id: number;
  call_id: string;
  reason: VideoEndReason;
}

/** `Video.ParticipantJoined` and `Video.ParticipantUpdated` on `presence-room.{id}`. */
export interface VideoParticipantEvent {
  room_id: number;
  participant: VideoParticipant;
}

/** `Video.ParticipantLeft` on `presence-room.{id}`. */
export interface VideoParticipantLeftEvent {
  room_id: number;
  user_id: number;
  /** null: they left by themselves. */
  reason: VideoEndReason | null;
}

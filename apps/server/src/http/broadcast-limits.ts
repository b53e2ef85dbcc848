import type { RateLimitRule } from './rate-limit';

/**
 * Per-account limits of the actions that each reach many people at once (a status line, a room
 * state, entering and leaving, a restyled nick or frame, a complaint's comment): each call is a
 * broadcast, so a script repeating one would flood every screen that shows it. Sized far above
 * what a person does by hand (docs/security.md "Rate limits of broadcast actions"); past them,
 * 429 with Retry-After, and nothing is stored or sent.
 */
export const BROADCAST_LIMITS = {
  /** `POST /api/user/status`: heard in every room the person is in. */
  status: { name: 'user-status', points: 10, durationSeconds: 60 },
  /** `POST /api/room/{id}/state` (online, away, busy). */
  roomState: { name: 'room-state', points: 30, durationSeconds: 60 },
  /** `POST /api/room/{id}/enter` and `/leave`, counted when membership changes. */
  roomMembership: { name: 'room-enter-leave', points: 30, durationSeconds: 60 },
  /** `PATCH /api/my/nick` and `/api/my/frame`: heard on `private-chat` by everyone. */
  identity: { name: 'identity-restyle', points: 10, durationSeconds: 60 },
  /** `POST /api/complaints/{id}/comments`: each notifies the reporters and the staff. */
  complaintComment: { name: 'complaint-comment', points: 20, durationSeconds: 60 },
  /** `POST /api/room/{id}/video/join`: heard in the room (leaving is never refused). */
  videoJoin: { name: 'video-join', points: 30, durationSeconds: 60 },
  /** `POST /api/room/{id}/video/state`: a microphone or camera toggled, heard in the room. */
  videoState: { name: 'video-state', points: 40, durationSeconds: 10 },
  /**
   * `POST /api/room/{id}/video/signal`: one person's negotiation with each other participant;
   * joining a full call with an ICE restart sends a few dozen candidates a second.
   */
  videoSignal: { name: 'video-signal', points: 300, durationSeconds: 10 },
  /** `POST /api/room/{id}/video/moderate`: a moderator's mute, unmute or removal. */
  videoModerate: { name: 'video-moderate', points: 60, durationSeconds: 60 },
} as const satisfies Record<string, RateLimitRule>;

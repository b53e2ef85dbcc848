import type { VideoAbilities, VideoStateBody } from '@chat/shared';
import type { UserRow } from '../db/schema';
import { outranksPerson } from './rank';
import { maySubscribe } from './room.policy';
import type { Viewer } from './viewer';

/**
 * A room's video call (issue 25): who may see it, join it and as what, and who may mute or
 * remove whom. The call belongs to the room: it is seen and joined from inside it.
 */

/** What is known of the viewer and the room's call besides the viewer. */
export interface VideoStanding {
  /** The viewer is in the room now (room.policy's member). */
  member: boolean;
  /** The site lets guests and gagged people join to watch (`video_watchers`). */
  watchersAllowed: boolean;
}

/** How a person joins: sending and receiving, or receiving only. */
export type VideoRole = 'speaker' | 'watcher';
/** Why a person may not join (VideoAbilities.reason). */
export type VideoRefusal = 'guest' | 'gagged' | 'banned' | 'not_member';
export type JoinAnswer = { as: VideoRole } | { as: null; reason: VideoRefusal };

/**
 * Whether the viewer sees the call (who is in it): those who may listen to the room itself,
 * its members, not while banned; the room's presence channel carries the call's events.
 */
export function canSee(viewer: Viewer, standing: Pick<VideoStanding, 'member'>): boolean {
  return maySubscribe(viewer, standing);
}

/**
 * How the viewer may join: registered people without a gag speak; guests and gagged people
 * watch when the site allows it. A ban, or not being in the room, shuts the call whatever the
 * setting says.
 */
export function joinAs(viewer: Viewer, standing: VideoStanding): JoinAnswer {
  if (viewer.banned) return { as: null, reason: 'banned' };
  if (!canSee(viewer, standing)) return { as: null, reason: 'not_member' };
  if (viewer.registered && !viewer.gagged) return { as: 'speaker' };
  if (standing.watchersAllowed) return { as: 'watcher' };
  return { as: null, reason: viewer.gagged ? 'gagged' : 'guest' };
}

/** Whether the viewer mutes and removes people in calls at all (the button's ability). */
export function moderates(viewer: Viewer): boolean {
  return viewer.can('user.gag');
}

/** Whether the viewer may mute, unmute or remove this person: the sanctions' rank rule. */
export function canModerate(viewer: Viewer, person: Pick<UserRow, 'id' | 'role'>): boolean {
  return moderates(viewer) && outranksPerson(viewer, person);
}

/**
 * Why a participant may not change what they send this way, or null: a watcher turns nothing
 * on, and a microphone a moderator muted stays off until a moderator unmutes it.
 */
export function stateRefusal(
  participant: { watcher: boolean; muted_by_moderator: boolean },
  change: VideoStateBody,
): 'watcher' | 'muted' | null {
  const turningOn = change.audio === true || change.video === true || change.screen === true;
  if (participant.watcher && turningOn) return 'watcher';
  if (participant.muted_by_moderator && change.audio === true) return 'muted';
  return null;
}

/** What the viewer may do with the room's call, sent with it. */
export function abilities(viewer: Viewer, standing: VideoStanding): VideoAbilities {
  const join = joinAs(viewer, standing);
  return {
    join: join.as,
    reason: join.as === null ? join.reason : null,
    moderate: moderates(viewer) && canSee(viewer, standing),
  };
}

import type { RoomAbilities } from '@chat/shared';
import type { ExpressionBuilder } from 'kysely';
import type { DB, RoomRow } from '../db/schema';
import { ANONYMOUS, isSelf, type Viewer } from './viewer';

/** What is known of the viewer and one room besides the room itself. */
export interface RoomStanding {
  /** The viewer is in the room now. */
  member: boolean;
  /** The viewer was invited into it (a private room's door). */
  invited: boolean;
}

export type RoomAction = 'create' | 'update' | 'invite' | 'enter' | 'go_invisible';

type RoomFacts = Pick<RoomRow, 'is_public' | 'owner_id'>;

const owns = (viewer: Viewer, room: RoomFacts) =>
  room.owner_id !== null && isSelf(viewer, room.owner_id);

/**
 * Whether the viewer may know the room exists: a private room is not there for outsiders (they
 * get 404, never 403).
 */
export function canSee(viewer: Viewer, room: RoomFacts, standing: RoomStanding): boolean {
  return (
    room.is_public === 1 ||
    owns(viewer, room) ||
    viewer.can('room.manage_any') ||
    standing.member ||
    standing.invited
  );
}

/**
 * The rooms anyone may know of, signed in or not (canSee for nobody in particular): what an
 * answer shared by every visitor lists (the home page's busiest rooms). Private rooms never.
 */
export function listedForAnyone() {
  return (eb: ExpressionBuilder<DB, 'rooms'>) => eb('rooms.is_public', '=', 1);
}

/** Whether the room is one that answers shared by every visitor may show (listedForAnyone). */
export function isListedForAnyone(room: RoomFacts): boolean {
  return canSee(ANONYMOUS, room, { member: false, invited: false });
}

/**
 * Whether a socket of the viewer may listen to the room's presence channel: members only, and
 * not while banned (a gag still listens). For the realtime channel rules.
 */
export function maySubscribe(viewer: Viewer, standing: Pick<RoomStanding, 'member'>): boolean {
  return viewer.id !== null && !viewer.banned && standing.member;
}

/** Whether the viewer sees every invisible member of a room (the admins do). */
export function seesInvisible(viewer: Viewer): boolean {
  return viewer.can('user.invisible.view');
}

/** Whether the viewer sees a member in the room's user list: invisible people are the admins' secret. */
export function canSeeMember(
  viewer: Viewer,
  member: { user_id: number; invisible: number | boolean },
): boolean {
  return !member.invisible || isSelf(viewer, member.user_id) || seesInvisible(viewer);
}

export function can(
  viewer: Viewer,
  action: RoomAction,
  room?: RoomFacts,
  standing: Pick<RoomStanding, 'invited'> = { invited: false },
): boolean {
  switch (action) {
    case 'create':
      return viewer.can('room.create');
    case 'go_invisible':
      return viewer.can('room.invisible');
    case 'update':
    case 'invite':
      return room !== undefined && (owns(viewer, room) || viewer.can('room.manage_any'));
    case 'enter':
      return (
        room !== undefined &&
        (room.is_public === 1 ||
          standing.invited ||
          owns(viewer, room) ||
          viewer.can('room.manage_any'))
      );
  }
}

/** The viewer's abilities on a room, sent with it so the web does not derive them again. */
export function abilities(viewer: Viewer, room: RoomFacts): RoomAbilities {
  return {
    update: can(viewer, 'update', room),
    invite: can(viewer, 'invite', room),
    go_invisible: can(viewer, 'go_invisible', room),
  };
}

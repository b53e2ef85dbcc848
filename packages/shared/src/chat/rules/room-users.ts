import type { Locale } from '../../locale';
import type { ChatSettings } from '../../settings';
import { ROOM_STATE, USER_PRIORITIES } from '../constants';
import type { RoomUser } from '../wire';

export interface RoomViewer {
  readonly id: number;
  /** The viewer's permissions (user data); `user.invisible.view` shows invisible members. */
  readonly permissions: readonly string[];
}

function matchesPriority(entry: RoomUser, priority: string): boolean {
  // "premium" is a paid flag rather than a role; every other priority names a role.
  return priority === 'premium' ? entry.user.premium : entry.user.roles.includes(priority);
}

/**
 * A user's group is the first priority they match, so an admin (who also holds the moderator and
 * user roles) sorts with the admins. Someone matching none goes after every listed group.
 */
function priorityRank(entry: RoomUser, priorities: readonly string[]): number {
  const rank = priorities.findIndex((priority) => matchesPriority(entry, priority));
  return rank === -1 ? priorities.length : rank;
}

/**
 * The room's user list order (spec section 6): by priority group, then by nick alphabetically in
 * the interface language, which in Russian puts Cyrillic nicks before Latin ones. `priorities`
 * defaults to the site's list; the server also sends one with the user data.
 */
export function sortRoomUsers(
  users: readonly RoomUser[],
  locale: Locale,
  priorities: readonly string[] = USER_PRIORITIES,
): RoomUser[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return users
    .map((entry) => ({ entry, rank: priorityRank(entry, priorities) }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        collator.compare(a.entry.user.nick.nick, b.entry.user.nick.nick) ||
        // Nicks equal but for case: the id keeps the order the same on every refresh.
        a.entry.user.id - b.entry.user.id,
    )
    .map(({ entry }) => entry);
}

/**
 * Who the viewer sees in a room (spec sections 4 and 6): invisible users only by those who may see them (admins); guests
 * and trolls only with the matching setting on, except that guests and trolls always see
 * themselves.
 */
export function visibleRoomUsers(
  users: readonly RoomUser[],
  viewer: RoomViewer,
  settings: Pick<ChatSettings, 'show_guests' | 'show_trolls'>,
  trolls: ReadonlySet<number>,
): RoomUser[] {
  const seesInvisible = viewer.permissions.includes('user.invisible.view');
  return users.filter((entry) => {
    const self = entry.user.id === viewer.id;
    if (entry.invisible && !seesInvisible) {
      return false;
    }
    if (entry.user.roles.includes('guest') && !settings.show_guests && !self) {
      return false;
    }
    return !(trolls.has(entry.user.id) && !settings.show_trolls && !self);
  });
}

/**
 * How many guests the viewer's show_guests setting keeps off the list: those that turning it on
 * would show (an invisible guest or a guest troll stays hidden for other reasons).
 */
export function hiddenGuestCount(
  users: readonly RoomUser[],
  viewer: RoomViewer,
  settings: Pick<ChatSettings, 'show_guests' | 'show_trolls'>,
  trolls: ReadonlySet<number>,
): number {
  if (settings.show_guests) return 0;
  return (
    visibleRoomUsers(users, viewer, { ...settings, show_guests: true }, trolls).length -
    visibleRoomUsers(users, viewer, settings, trolls).length
  );
}

/** The user list's search box: part of a nick, any case; a blank query finds everyone. */
export function findByNick(users: readonly RoomUser[], query: string): RoomUser[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') {
    return [...users];
  }
  return users.filter((entry) => entry.user.nick.nick.toLowerCase().includes(needle));
}

export function removeRoomUser(users: readonly RoomUser[], userId: number): RoomUser[] {
  return users.filter((entry) => entry.user.id !== userId);
}

/** Someone entered the room, or their entry changed: replaced where it stands, else appended. */
export function upsertRoomUser(users: readonly RoomUser[], entry: RoomUser): RoomUser[] {
  const index = users.findIndex((known) => known.user.id === entry.user.id);
  return index === -1 ? [...users, entry] : users.map((known, i) => (i === index ? entry : known));
}

/** A state update replaces the user's state, except that "leaving" takes them off the list. */
export function applyRoomUserState(
  users: readonly RoomUser[],
  update: { readonly user_id: number; readonly state_id: number },
): RoomUser[] {
  if (update.state_id === ROOM_STATE.leaving) {
    return removeRoomUser(users, update.user_id);
  }
  return users.map((entry) =>
    entry.user.id === update.user_id ? { ...entry, state_id: update.state_id } : entry,
  );
}

export function setRoomUserVisibility(
  users: readonly RoomUser[],
  userId: number,
  invisible: boolean,
  entry?: RoomUser,
): RoomUser[] {
  // A member who went invisible before this viewer came is listed now, from the event's entry.
  if (entry && !users.some((u) => u.user.id === userId)) return [...users, { ...entry, invisible }];
  return users.map((u) => (u.user.id === userId ? { ...u, invisible } : u));
}

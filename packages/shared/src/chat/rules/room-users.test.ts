import { describe, expect, it } from 'vitest';
import { permissionsOfRoles } from '../../moderation/permissions';
import { ROOM_STATE } from '../constants';
import type { RoomUser } from '../wire';
import { deepFreeze, makeRoomUser } from '../../test/chat-fixtures';
import {
  applyRoomUserState,
  findByNick,
  hiddenGuestCount,
  removeRoomUser,
  setRoomUserVisibility,
  sortRoomUsers,
  upsertRoomUser,
  visibleRoomUsers,
} from './room-users';

function nicks(users: readonly RoomUser[]): string[] {
  return users.map((entry) => entry.user.nick.nick);
}

function ids(users: readonly RoomUser[]): number[] {
  return users.map((entry) => entry.user.id);
}

const ADMIN_ROLES = ['user', 'moderator', 'admin'];
const MODERATOR_ROLES = ['user', 'moderator'];

describe('sortRoomUsers', () => {
  it('puts admins, moderators, premium users, users and guests in that order', () => {
    const users = deepFreeze([
      makeRoomUser({ id: 1, nick: 'Guest', roles: ['guest'] }),
      makeRoomUser({ id: 2, nick: 'Plain' }),
      makeRoomUser({ id: 3, nick: 'Rich', premium: true }),
      makeRoomUser({ id: 4, nick: 'Mod', roles: MODERATOR_ROLES }),
      makeRoomUser({ id: 5, nick: 'Boss', roles: ADMIN_ROLES }),
    ]);
    expect(nicks(sortRoomUsers(users, 'en'))).toEqual(['Boss', 'Mod', 'Rich', 'Plain', 'Guest']);
  });

  it('sorts a premium moderator with the moderators', () => {
    const users = deepFreeze([
      makeRoomUser({ id: 1, nick: 'Aaron', premium: true }),
      makeRoomUser({ id: 2, nick: 'Zoe', roles: MODERATOR_ROLES, premium: true }),
    ]);
    expect(nicks(sortRoomUsers(users, 'en'))).toEqual(['Zoe', 'Aaron']);
  });

  it('orders nicks alphabetically within a group, ignoring case', () => {
    const users = deepFreeze([
      makeRoomUser({ id: 1, nick: 'charlie' }),
      makeRoomUser({ id: 2, nick: 'Bravo' }),
      makeRoomUser({ id: 3, nick: 'alpha' }),
      makeRoomUser({ id: 4, nick: 'Delta', roles: ['guest'] }),
      makeRoomUser({ id: 5, nick: 'beta', roles: ['guest'] }),
    ]);
    expect(nicks(sortRoomUsers(users, 'en'))).toEqual([
      'alpha',
      'Bravo',
      'charlie',
      'beta',
      'Delta',
    ]);
  });

  it('puts Cyrillic nicks first in Russian and Latin ones first in English', () => {
    const users = deepFreeze([
      makeRoomUser({ id: 1, nick: 'bob' }),
      makeRoomUser({ id: 2, nick: 'Борис' }),
      makeRoomUser({ id: 3, nick: 'Alice' }),
      makeRoomUser({ id: 4, nick: 'анна' }),
    ]);
    expect(nicks(sortRoomUsers(users, 'ru'))).toEqual(['анна', 'Борис', 'Alice', 'bob']);
    expect(nicks(sortRoomUsers(users, 'en'))).toEqual(['Alice', 'bob', 'анна', 'Борис']);
  });

  it('breaks a tie between nicks differing only in case by user id', () => {
    const users = deepFreeze([
      makeRoomUser({ id: 9, nick: 'ANNA' }),
      makeRoomUser({ id: 3, nick: 'anna' }),
    ]);
    expect(ids(sortRoomUsers(users, 'en'))).toEqual([3, 9]);
  });

  it('follows a priority list given by the server', () => {
    const users = deepFreeze([
      makeRoomUser({ id: 1, nick: 'Admin', roles: ADMIN_ROLES }),
      makeRoomUser({ id: 2, nick: 'Rich', premium: true }),
      makeRoomUser({ id: 3, nick: 'Guest', roles: ['guest'] }),
    ]);
    expect(nicks(sortRoomUsers(users, 'en', ['premium', 'admin']))).toEqual([
      'Rich',
      'Admin',
      'Guest',
    ]);
  });

  it('returns a new array', () => {
    const users = deepFreeze([makeRoomUser()]);
    expect(sortRoomUsers(users, 'ru')).not.toBe(users);
  });
});

describe('visibleRoomUsers', () => {
  const USER = { id: 100, permissions: permissionsOfRoles(['user']) };
  const ADMIN = { id: 101, permissions: permissionsOfRoles(ADMIN_ROLES) };
  const HIDE_ALL = { show_guests: false, show_trolls: false };
  const SHOW_ALL = { show_guests: true, show_trolls: true };
  const TROLLS = new Set([3]);
  const users = deepFreeze([
    makeRoomUser({ id: 1 }),
    makeRoomUser({ id: 2, roles: ['guest'] }),
    makeRoomUser({ id: 3 }),
    makeRoomUser({ id: 4, invisible: true }),
  ]);

  it('shows ordinary users and hides guests, trolls and invisible users by default', () => {
    expect(ids(visibleRoomUsers(users, USER, HIDE_ALL, TROLLS))).toEqual([1]);
  });

  it('shows guests with show_guests on', () => {
    const settings = { show_guests: true, show_trolls: false };
    expect(ids(visibleRoomUsers(users, USER, settings, TROLLS))).toEqual([1, 2]);
  });

  it('shows trolls with show_trolls on', () => {
    const settings = { show_guests: false, show_trolls: true };
    expect(ids(visibleRoomUsers(users, USER, settings, TROLLS))).toEqual([1, 3]);
  });

  it('never shows invisible users to a non-admin, whatever the settings', () => {
    expect(ids(visibleRoomUsers(users, USER, SHOW_ALL, TROLLS))).toEqual([1, 2, 3]);
  });

  it('shows invisible users to an admin', () => {
    expect(ids(visibleRoomUsers(users, ADMIN, HIDE_ALL, TROLLS))).toEqual([1, 4]);
    expect(ids(visibleRoomUsers(users, ADMIN, SHOW_ALL, TROLLS))).toEqual([1, 2, 3, 4]);
  });

  it('lets a moderator see no invisible user', () => {
    const moderator = { id: 102, permissions: permissionsOfRoles(MODERATOR_ROLES) };
    expect(ids(visibleRoomUsers(users, moderator, SHOW_ALL, TROLLS))).toEqual([1, 2, 3]);
  });

  it('always shows a guest to themself', () => {
    expect(
      ids(
        visibleRoomUsers(
          users,
          { id: 2, permissions: permissionsOfRoles(['guest']) },
          HIDE_ALL,
          TROLLS,
        ),
      ),
    ).toEqual([1, 2]);
  });

  it('always shows a troll to themself', () => {
    expect(
      ids(
        visibleRoomUsers(
          users,
          { id: 3, permissions: permissionsOfRoles(['user']) },
          HIDE_ALL,
          TROLLS,
        ),
      ),
    ).toEqual([1, 3]);
  });

  it('hides a troll guest until both settings are on, unless it is the viewer', () => {
    const trollGuest = deepFreeze([makeRoomUser({ id: 2, roles: ['guest'] })]);
    const trolls = new Set([2]);
    const guestsOnly = { show_guests: true, show_trolls: false };
    const trollsOnly = { show_guests: false, show_trolls: true };
    expect(ids(visibleRoomUsers(trollGuest, USER, guestsOnly, trolls))).toEqual([]);
    expect(ids(visibleRoomUsers(trollGuest, USER, trollsOnly, trolls))).toEqual([]);
    expect(ids(visibleRoomUsers(trollGuest, USER, SHOW_ALL, trolls))).toEqual([2]);
    expect(
      ids(
        visibleRoomUsers(
          trollGuest,
          { id: 2, permissions: permissionsOfRoles(['guest']) },
          HIDE_ALL,
          trolls,
        ),
      ),
    ).toEqual([2]);
  });
});

describe('findByNick', () => {
  const users = deepFreeze([
    makeRoomUser({ id: 1, nick: 'Анна' }),
    makeRoomUser({ id: 2, nick: 'Joanna' }),
    makeRoomUser({ id: 3, nick: 'Bob' }),
  ]);

  it('finds a part of a nick in any case', () => {
    expect(ids(findByNick(users, 'ANNA'))).toEqual([2]);
    expect(ids(findByNick(users, 'АН'))).toEqual([1]);
    expect(ids(findByNick(users, 'o'))).toEqual([2, 3]);
  });

  it('trims the query', () => {
    expect(ids(findByNick(users, '  bob '))).toEqual([3]);
  });

  it('returns everyone for a blank query', () => {
    expect(ids(findByNick(users, ''))).toEqual([1, 2, 3]);
    expect(ids(findByNick(users, '   '))).toEqual([1, 2, 3]);
  });

  it('returns nobody when nothing matches', () => {
    expect(findByNick(users, 'zz')).toEqual([]);
  });
});

describe('applyRoomUserState', () => {
  const users = deepFreeze([makeRoomUser({ id: 1 }), makeRoomUser({ id: 2 })]);

  it('replaces the state of that user only', () => {
    const next = applyRoomUserState(users, { user_id: 2, state_id: ROOM_STATE.away });
    expect(next.map((entry) => entry.state_id)).toEqual([ROOM_STATE.online, ROOM_STATE.away]);
    expect(next[0]).toBe(users[0]);
  });

  it('removes the user who is leaving', () => {
    expect(ids(applyRoomUserState(users, { user_id: 1, state_id: ROOM_STATE.leaving }))).toEqual([
      2,
    ]);
  });

  it('leaves the list as it was for an unknown user', () => {
    expect(applyRoomUserState(users, { user_id: 9, state_id: ROOM_STATE.busy })).toEqual(users);
    expect(applyRoomUserState(users, { user_id: 9, state_id: ROOM_STATE.leaving })).toEqual(users);
  });
});

describe('upsertRoomUser', () => {
  const users = deepFreeze([makeRoomUser({ id: 1 }), makeRoomUser({ id: 2 })]);

  it('appends a user who entered', () => {
    expect(ids(upsertRoomUser(users, makeRoomUser({ id: 3 })))).toEqual([1, 2, 3]);
  });

  it('replaces a known user where they stand', () => {
    const renamed = makeRoomUser({ id: 1, nick: 'Renamed' });
    const next = upsertRoomUser(users, renamed);
    expect(ids(next)).toEqual([1, 2]);
    expect(next[0]).toBe(renamed);
  });
});

describe('removeRoomUser', () => {
  it('removes that user only', () => {
    const users = deepFreeze([makeRoomUser({ id: 1 }), makeRoomUser({ id: 2 })]);
    expect(ids(removeRoomUser(users, 1))).toEqual([2]);
  });
});

describe('setRoomUserVisibility', () => {
  const users = deepFreeze([makeRoomUser({ id: 1 }), makeRoomUser({ id: 2 })]);

  it('toggles the flag of that user only', () => {
    const hidden = setRoomUserVisibility(users, 2, true);
    expect(hidden.map((entry) => entry.invisible)).toEqual([false, true]);
    expect(setRoomUserVisibility(hidden, 2, false).map((entry) => entry.invisible)).toEqual([
      false,
      false,
    ]);
  });

  it('changes nothing for an unknown user', () => {
    expect(setRoomUserVisibility(users, 9, true)).toEqual(users);
  });

  it("lists a member it never saw from the event's entry, once, when they turn visible", () => {
    const entry = makeRoomUser({ id: 9 });
    const shown = setRoomUserVisibility(users, 9, false, entry);
    expect(ids(shown)).toEqual([1, 2, 9]);
    expect(ids(setRoomUserVisibility(shown, 9, false, entry))).toEqual([1, 2, 9]);
  });
});

describe('hiddenGuestCount', () => {
  const viewer = { id: 1, permissions: [] as string[] };
  const users = deepFreeze([
    makeRoomUser({ id: 1, nick: 'Me', roles: ['guest'] }),
    makeRoomUser({ id: 2, nick: 'Reg' }),
    makeRoomUser({ id: 3, nick: 'GuestA', roles: ['guest'] }),
    makeRoomUser({ id: 4, nick: 'GuestB', roles: ['guest'] }),
    makeRoomUser({ id: 5, nick: 'Hidden', roles: ['guest'], invisible: true }),
    makeRoomUser({ id: 6, nick: 'TrollGuest', roles: ['guest'] }),
  ]);
  const trolls = new Set([6]);

  it('counts the guests show_guests hides, not me, invisible people or trolls', () => {
    const settings = { show_guests: false, show_trolls: false };
    expect(hiddenGuestCount(users, viewer, settings, trolls)).toBe(2);
    expect(ids(visibleRoomUsers(users, viewer, settings, trolls))).toEqual([1, 2]);
  });

  it('is nothing once guests are shown', () => {
    expect(hiddenGuestCount(users, viewer, { show_guests: true, show_trolls: false }, trolls)).toBe(
      0,
    );
  });
});

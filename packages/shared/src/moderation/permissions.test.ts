import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles';
import {
  ASSIGNABLE_ROLES,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  isPermission,
  outranks,
  permissionsOfRoles,
  roleRank,
} from './permissions';

const REGISTERED = ['room.create', 'quote.add', 'im.send', 'profile.edit', 'complaint.create'];
const MODERATOR = [
  ...REGISTERED,
  'message.delete_any',
  'user.gag',
  'user.ban',
  'user.warn',
  'user.troll',
  'banlist.view',
  'content.moderate',
  'complaint.handle',
  'moderation.log',
  'room.invisible',
];
const ADMIN = [
  ...MODERATOR,
  'user.invisible.view',
  'room.manage_any',
  'roles.manage',
  'admin.access',
];

describe('ROLE_PERMISSIONS', () => {
  it('has a row for every role and nothing else', () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...ROLES].sort());
  });

  it('gives a guest only the right to complain (a gagged guest must be able to appeal)', () => {
    expect([...ROLE_PERMISSIONS.guest]).toEqual(['complaint.create']);
  });

  it('gives a registered user the registered set', () => {
    expect([...ROLE_PERMISSIONS.user].sort()).toEqual([...REGISTERED].sort());
  });

  it('gives a moderator the sanctions, content, complaints and log but not the admin rights', () => {
    expect([...ROLE_PERMISSIONS.moderator].sort()).toEqual([...MODERATOR].sort());
    for (const adminOnly of ['roles.manage', 'admin.access', 'room.manage_any']) {
      expect(ROLE_PERMISSIONS.moderator).not.toContain(adminOnly);
    }
  });

  it('gives an admin everything', () => {
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual([...ADMIN].sort());
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('names only known permissions, each once per role', () => {
    for (const role of ROLES) {
      const list = ROLE_PERMISSIONS[role];
      expect(list.every(isPermission)).toBe(true);
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it('makes each role a superset of the one below it', () => {
    const ladder = ['guest', 'user', 'moderator', 'admin'] as const;
    for (let i = 1; i < ladder.length; i += 1) {
      const lower = ROLE_PERMISSIONS[ladder[i - 1]!];
      const higher = new Set(ROLE_PERMISSIONS[ladder[i]!]);
      for (const permission of lower) expect(higher.has(permission)).toBe(true);
    }
  });
});

describe('permissionsOfRoles', () => {
  it('returns nothing for no roles', () => {
    expect(permissionsOfRoles([])).toEqual([]);
  });

  it('returns a role set in the order of PERMISSIONS', () => {
    expect(permissionsOfRoles(['moderator'])).toEqual(
      PERMISSIONS.filter((p) => MODERATOR.includes(p)),
    );
  });

  it('is the union over roles, without duplicates', () => {
    expect(permissionsOfRoles(['user', 'moderator'])).toEqual(permissionsOfRoles(['moderator']));
    expect(permissionsOfRoles(['user', 'moderator', 'admin'])).toEqual([...PERMISSIONS]);
    expect(permissionsOfRoles(['guest', 'user']).sort()).toEqual([...REGISTERED].sort());
    expect(permissionsOfRoles(['user', 'user'])).toEqual(permissionsOfRoles(['user']));
  });

  it('ignores unknown roles and prototype keys', () => {
    expect(permissionsOfRoles(['root', 'Admin', ''])).toEqual([]);
    expect(permissionsOfRoles(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])).toEqual(
      [],
    );
    expect(permissionsOfRoles(['__proto__', 'user'])).toEqual(permissionsOfRoles(['user']));
  });

  it('accepts any iterable', () => {
    expect(permissionsOfRoles(new Set(['guest']))).toEqual(['complaint.create']);
  });
});

describe('isPermission', () => {
  it('accepts only listed permissions', () => {
    expect(isPermission('user.ban')).toBe(true);
    expect(isPermission('user.Ban')).toBe(false);
    expect(isPermission('__proto__')).toBe(false);
    expect(isPermission(1)).toBe(false);
  });
});

describe('outranks', () => {
  const guest = ['guest'];
  const user = ['user'];
  const moderator = ['user', 'moderator'];
  const admin = ['user', 'moderator', 'admin'];

  it('lets a moderator act on guests and users only', () => {
    expect(outranks(moderator, guest)).toBe(true);
    expect(outranks(moderator, user)).toBe(true);
    expect(outranks(moderator, moderator)).toBe(false);
    expect(outranks(moderator, admin)).toBe(false);
  });

  it('lets an admin act on moderators too but not on another admin', () => {
    expect(outranks(admin, guest)).toBe(true);
    expect(outranks(admin, user)).toBe(true);
    expect(outranks(admin, moderator)).toBe(true);
    expect(outranks(admin, admin)).toBe(false);
  });

  it('lets users and guests act on nobody', () => {
    for (const actor of [guest, user]) {
      for (const target of [guest, user, moderator, admin]) {
        expect(outranks(actor, target)).toBe(false);
      }
    }
  });

  it('ranks by the highest role and ignores unknown or prototype role strings', () => {
    expect(roleRank(['admin', 'guest'])).toBe(2);
    expect(roleRank(['__proto__', 'constructor', 'superuser'])).toBe(0);
    expect(outranks(['__proto__'], user)).toBe(false);
    expect(outranks(['constructor', 'toString'], guest)).toBe(false);
    expect(outranks(moderator, ['__proto__', 'constructor'])).toBe(true);
  });
});

describe('ASSIGNABLE_ROLES', () => {
  it('offers user, moderator and admin, never guest', () => {
    expect([...ASSIGNABLE_ROLES]).toEqual(['user', 'moderator', 'admin']);
  });
});

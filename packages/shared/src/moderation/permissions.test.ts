import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles';
import {
  ASSIGNABLE_ROLES,
  PERMISSIONS,
  PREMIUM_PERMISSIONS,
  ROLE_PERMISSIONS,
  isPermission,
  isRegisteredRoles,
  outranks,
  permissionsOfRoles,
  roleRank,
  rolesHold,
} from './permissions';

const REGISTERED = [
  'room.create',
  'quote.add',
  'im.send',
  'profile.edit',
  'forum.post',
  'complaint.create',
];
const MODERATOR = [
  ...REGISTERED,
  'message.delete_any',
  'message.edits',
  'user.gag',
  'user.ban',
  'user.warn',
  'user.troll',
  'banlist.view',
  'content.moderate',
  'forum.moderate',
  'complaint.handle',
  'moderation.log',
  'room.invisible',
  'gifts.see_anonymous',
];
const PERKS = [
  'nick.gradient',
  'nick.palette_extended',
  'frame.premium',
  'photos.extended',
  'uploads.large',
];
const ADMIN = [
  ...MODERATOR,
  'complaint.handle_staff',
  'user.invisible.view',
  'room.manage_any',
  'roles.manage',
  'admin.access',
  'admin.pages',
  'admin.releases',
  'admin.fonts',
  'admin.frames',
  'admin.gifts',
  'admin.smileys',
  'admin.sounds',
  'admin.settings',
  'admin.permissions',
  'admin.log',
  ...PERKS,
];
/** Every permission in the code's order, but the one no role holds until the table gives it. */
const WITHOUT_ADMINS_ROLES = PERMISSIONS.filter((p) => p !== 'roles.manage_admins');

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

  it('gives an admin everything but changing other admins, which the table must give', () => {
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual([...ADMIN].sort());
    expect([...ROLE_PERMISSIONS.admin, 'roles.manage_admins'].sort()).toEqual(
      [...PERMISSIONS].sort(),
    );
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
    expect(permissionsOfRoles(['user', 'moderator', 'admin'])).toEqual(WITHOUT_ADMINS_ROLES);
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

describe('premium', () => {
  it('grants the perks and invisibility, nothing more', () => {
    expect([...PREMIUM_PERMISSIONS].sort()).toEqual([...PERKS, 'room.invisible'].sort());
    expect(PREMIUM_PERMISSIONS.every(isPermission)).toBe(true);
  });

  it('adds the premium permissions to a user while active, and only then', () => {
    expect(permissionsOfRoles(['user'], { premium: true }).sort()).toEqual(
      [...REGISTERED, ...PERKS, 'room.invisible'].sort(),
    );
    expect(permissionsOfRoles(['user'], { premium: false })).toEqual(permissionsOfRoles(['user']));
    for (const perk of [...PERKS, 'room.invisible'])
      expect(permissionsOfRoles(['user'])).not.toContain(perk);
  });

  it('keeps the order of PERMISSIONS and adds to staff without duplicates', () => {
    const moderator = permissionsOfRoles(['user', 'moderator'], { premium: true });
    expect(moderator).toEqual(PERMISSIONS.filter((p) => moderator.includes(p)));
    expect(new Set(moderator).size).toBe(moderator.length);
    expect(permissionsOfRoles(['user', 'moderator', 'admin'], { premium: true })).toEqual(
      WITHOUT_ADMINS_ROLES,
    );
  });

  it('gives a guest nothing for a premium flag (guests cannot hold premium)', () => {
    expect(permissionsOfRoles(['guest'], { premium: true })).toEqual(['complaint.create']);
    expect(permissionsOfRoles(['__proto__'], { premium: true })).toEqual([]);
  });

  it('lets staff see an anonymous gift, never a plain or premium user', () => {
    expect(permissionsOfRoles(['user', 'moderator'])).toContain('gifts.see_anonymous');
    expect(permissionsOfRoles(['user'], { premium: true })).not.toContain('gifts.see_anonymous');
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

describe('isRegisteredRoles and rolesHold', () => {
  it('tells a registered account from a guest by the table, not the name', () => {
    expect(isRegisteredRoles(['guest'])).toBe(false);
    expect(isRegisteredRoles([])).toBe(false);
    expect(isRegisteredRoles(['user'])).toBe(true);
    expect(isRegisteredRoles(['user', 'moderator', 'admin'])).toBe(true);
  });

  it('counts premium only for a registered account', () => {
    expect(rolesHold(['user'], 'nick.gradient')).toBe(false);
    expect(rolesHold(['user'], 'nick.gradient', { premium: true })).toBe(true);
    expect(rolesHold(['guest'], 'nick.gradient', { premium: true })).toBe(false);
  });
});

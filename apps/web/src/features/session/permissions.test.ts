import { permissionsOfRoles } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { makeUserData } from '../../test/chat-kit';
import { can, canAny, SANCTION_PERMISSIONS } from './permissions';

describe('can', () => {
  it('reads the permissions the server sent, never the role names', () => {
    const moderatorByName = { ...makeUserData({ roles: ['moderator'] }), permissions: [] };
    expect(can(moderatorByName, 'user.ban')).toBe(false);
    const userWithPower = { ...makeUserData({ roles: ['user'] }), permissions: ['user.ban'] };
    expect(can(userWithPower, 'user.ban')).toBe(true);
    expect(can(userWithPower, 'roles.manage')).toBe(false);
  });

  it('answers no for a signed-out visitor, and takes the session state too', () => {
    expect(can(null, 'complaint.create')).toBe(false);
    expect(can(undefined, 'complaint.create')).toBe(false);
    expect(can({ userData: null }, 'complaint.create')).toBe(false);
    const admin = makeUserData({ roles: ['admin'] });
    expect(can({ userData: admin }, 'roles.manage')).toBe(true);
  });

  it('canAny: one of them is enough', () => {
    const warnOnly = { ...makeUserData(), permissions: ['user.warn'] };
    expect(canAny(warnOnly, SANCTION_PERMISSIONS)).toBe(true);
    expect(canAny(makeUserData({ roles: ['user'] }), SANCTION_PERMISSIONS)).toBe(false);
    expect(
      permissionsOfRoles(['moderator']).filter((p) => SANCTION_PERMISSIONS.includes(p)),
    ).toHaveLength(3);
  });
});

import type { AdminPermissions, PublicUser } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { FOREVER } from './sanctions';

const dialects = await testDialects();

describe.each(dialects)('roles on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await person('admin');
  });
  afterAll(async () => t.close());

  async function person(role = 'user') {
    return signedIn(t.app, await buildUser(t.app, { role }));
  }
  const setRole = (who: Client, userId: number, role: unknown) =>
    who.asBrowser({ method: 'POST', url: `/api/admin/users/${userId}/role`, payload: { role } });
  /** Gives or takes `roles.manage_admins` in the admin row of the permission table (its API). */
  async function letAdminsChangeAdmins(give: boolean) {
    const grid = json<{ data: AdminPermissions }>(
      await admin.asBrowser({ method: 'GET', url: '/api/admin/permissions' }),
    ).data;
    const row = grid.roles.find((r) => r.role === 'admin')!;
    const permissions: string[] = row.permissions.filter((p) => p !== 'roles.manage_admins');
    if (give) permissions.push('roles.manage_admins');
    const res = await admin.asBrowser({
      method: 'PUT',
      url: '/api/admin/roles/admin',
      payload: { permissions, updated_at: row.updated_at },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const roleOf = async (userId: number) => (await t.app.deps.users.findById(userId))!.role;
  const logOf = (userId: number) =>
    t.app.deps.database.db
      .selectFrom('moderation_log')
      .selectAll()
      .where('target_user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('makes a user a moderator: the row, the log, the event and the answer', async () => {
    const target = await person();
    const updated = recordEvents(t.app, 'user.updated');
    const res = await setRole(admin, target.user.id, 'moderator');
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: PublicUser }>(res).data).toMatchObject({
      id: target.user.id,
      roles: ['user', 'moderator'],
    });
    expect(await roleOf(target.user.id)).toBe('moderator');
    const log = await logOf(target.user.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor_id: admin.user.id, action: 'role.change' });
    expect(JSON.parse(log[0]!.data)).toEqual({ from: 'user', to: 'moderator' });
    expect(updated.map((e) => [e.user.id, e.user.roles.includes('moderator')])).toContainEqual([
      target.user.id,
      true,
    ]);
  });

  it('the new permissions hold on the very next request', async () => {
    const target = await person();
    const permissions = async () =>
      json<{ data: { user: { permissions: string[] } | null } }>(
        await target.asBrowser({ method: 'GET', url: '/api/init' }),
      ).data.user?.permissions;
    expect(await permissions()).not.toContain('roles.manage');
    await setRole(admin, target.user.id, 'admin');
    expect(await permissions()).toContain('roles.manage');
    // And back, once the permission table lets admins change other admins' roles.
    await letAdminsChangeAdmins(true);
    const back = await setRole(admin, target.user.id, 'user');
    await letAdminsChangeAdmins(false);
    expect(back.statusCode, back.body).toBe(200);
    expect(json<{ data: PublicUser }>(back).data.roles).toEqual(['user']);
    expect((await logOf(target.user.id)).map((r) => JSON.parse(r.data) as unknown)).toEqual([
      { from: 'user', to: 'admin' },
      { from: 'admin', to: 'user' },
    ]);
  });

  it('the same role again changes and logs nothing', async () => {
    const target = await person('moderator');
    const res = await setRole(admin, target.user.id, 'moderator');
    expect(res.statusCode, res.body).toBe(200);
    expect(await logOf(target.user.id)).toHaveLength(0);
  });

  it('refuses anyone without roles.manage, changing nothing', async () => {
    const target = await person();
    for (const role of ['guest', 'user', 'moderator']) {
      const who = await person(role);
      const res = await setRole(who, target.user.id, 'admin');
      expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
      expect(json(res).code).toBe('forbidden');
    }
    expect(await roleOf(target.user.id)).toBe('user');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/role`,
      payload: { role: 'admin' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses changing one’s own role', async () => {
    const other = await person('admin');
    const res = await setRole(other, other.user.id, 'user');
    expect(res.statusCode, res.body).toBe(403);
    expect(json(res).code).toBe('forbidden');
    expect(await roleOf(other.user.id)).toBe('admin');
  });

  it('answers 404 for a deleted or missing user', async () => {
    const gone = await person();
    await t.app.deps.database.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', gone.user.id)
      .execute();
    expect((await setRole(admin, gone.user.id, 'moderator')).statusCode).toBe(404);
    expect(await roleOf(gone.user.id)).toBe('user');
    expect((await setRole(admin, 2_000_000_000, 'moderator')).statusCode).toBe(404);
  });

  it('refuses to make a guest staff (422 role)', async () => {
    const guest = await person('guest');
    const res = await setRole(admin, guest.user.id, 'moderator');
    expect(res.statusCode, res.body).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(res).errors).toHaveProperty('role');
    expect(await roleOf(guest.user.id)).toBe('guest');
  });

  it('refuses a role outside the list', async () => {
    const target = await person();
    for (const role of ['guest', 'root', 'Admin', '', null, ['admin'], { toString: 'admin' }]) {
      const res = await setRole(admin, target.user.id, role);
      expect(res.statusCode, `${JSON.stringify(role)}: ${res.body}`).toBe(422);
    }
    expect(await roleOf(target.user.id)).toBe('user');
  });

  it('leaves a sanctioned user’s sanctions alone when making them staff', async () => {
    const target = await person();
    await t.app.deps.database.db
      .updateTable('users')
      .set({ gag_until: FOREVER })
      .where('id', '=', target.user.id)
      .execute();
    expect((await setRole(admin, target.user.id, 'moderator')).statusCode).toBe(200);
    expect((await t.app.deps.users.findById(target.user.id))!.gag_until).toBe(FOREVER);
  });

  it("refuses another admin's role change until the permission table gives it", async () => {
    const other = await person('admin');
    const res = await setRole(admin, other.user.id, 'user');
    expect(res.statusCode, res.body).toBe(403);
    expect(json<{ message: string }>(res).message).toContain('другого администратора');
    expect(await roleOf(other.user.id)).toBe('admin');
    expect(await logOf(other.user.id)).toHaveLength(0);
    // Making someone an admin stays an admin's right.
    const user = await person();
    expect((await setRole(admin, user.user.id, 'admin')).statusCode).toBe(200);
    // With the right in the table, the demotion goes through.
    await letAdminsChangeAdmins(true);
    expect((await setRole(admin, other.user.id, 'moderator')).statusCode).toBe(200);
    await letAdminsChangeAdmins(false);
    expect(await roleOf(other.user.id)).toBe('moderator');
  });

  it('two admins at once: each logged change starts from the role it replaced', async () => {
    await letAdminsChangeAdmins(true);
    const target = await person();
    const admins = await Promise.all([person('admin'), person('admin'), person('admin')]);
    const wanted = ['moderator', 'admin', 'user', 'moderator', 'admin', 'moderator'];
    const answers = await Promise.all(
      wanted.map((role, i) => setRole(admins[i % admins.length]!, target.user.id, role)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const changes = (await logOf(target.user.id)).map(
      (r) => JSON.parse(r.data) as { from: string; to: string },
    );
    // The log is a chain: every change starts where the one before it ended.
    let role = 'user';
    for (const change of changes) {
      expect(change.from).toBe(role);
      role = change.to;
    }
    expect(await roleOf(target.user.id)).toBe(role);
    await letAdminsChangeAdmins(false);
  });
});

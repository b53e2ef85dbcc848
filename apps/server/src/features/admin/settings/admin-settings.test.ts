import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPermissions, AdminSettings } from '@chat/shared';
import type { UserRow } from '../../../db/schema';
import { buildRoom, clientId, memberOf, recordEvents } from '../../../test/chat-fixtures';
import { testDialects } from '../../../test/databases';
import { RoomsRepository } from '../../chat/rooms.repository';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildUser, json, signedIn, type Client } from '../../../test/factories';
import { translate, type MessageKey } from '../../../http/messages';

const dialects = await testDialects();

describe.each(dialects)('admin settings and permissions on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  const person = async (role: UserRow['role']) => signedIn(t.app, await buildUser(t.app, { role }));

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await person('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.app.deps.database.db;
  const snapshot = async () => ({
    settings: await db().selectFrom('site_settings').selectAll().orderBy('key').execute(),
    roles: await db().selectFrom('role_permissions').selectAll().orderBy('role').execute(),
    log: await db().selectFrom('admin_log').select('id').execute(),
  });
  const logRows = (action: string) =>
    db().selectFrom('admin_log').selectAll().where('action', '=', action).orderBy('id').execute();
  const readSettings = async (who: Client = admin) => {
    const res = await who.asBrowser({ method: 'GET', url: '/api/admin/settings' });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: AdminSettings }>(res).data;
  };
  const putSettings = async (settings: Record<string, unknown>, updated_at?: string) =>
    admin.asBrowser({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: { settings, updated_at: updated_at ?? (await readSettings()).updated_at },
    });
  const grid = async (who: Client = admin) => {
    const res = await who.asBrowser({ method: 'GET', url: '/api/admin/permissions' });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: AdminPermissions }>(res).data;
  };
  const roleRow = async (role: string) => (await grid()).roles.find((r) => r.role === role)!;
  const putRole = async (role: string, permissions: string[], who: Client = admin) =>
    who.asBrowser({
      method: 'PUT',
      url: `/api/admin/roles/${role}`,
      payload: { permissions, updated_at: (await roleRow(role)).updated_at },
    });
  const errorsOf = (body: string) =>
    (JSON.parse(body) as { errors?: Record<string, string[]> }).errors ?? {};
  // The envelope carries each field's reason in the request's language (Russian by default).
  const says = (key: MessageKey) => translate('ru', key);
  const initPermissions = async (who: Client) => {
    const res = await who.asBrowser({ method: 'GET', url: '/api/init' });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: { user: { permissions: string[] } } }>(res).data.user.permissions;
  };

  it('answers 403 to a user, a moderator and a guest and 401 to nobody, changing nothing', async () => {
    const calls = [
      { method: 'GET', url: '/api/admin/settings' },
      {
        method: 'PUT',
        url: '/api/admin/settings',
        payload: { settings: { guest_entry: false }, updated_at: 'x' },
      },
      { method: 'GET', url: '/api/admin/permissions' },
      {
        method: 'PUT',
        url: '/api/admin/roles/user',
        payload: { permissions: [], updated_at: 'x' },
      },
    ] as const;
    const before = await snapshot();
    for (const role of ['user', 'moderator', 'guest'] as const) {
      const who = await person(role);
      for (const call of calls) {
        const res = await who.asBrowser({ ...call });
        expect(res.statusCode, `${role} ${call.method} ${call.url}`).toBe(403);
      }
    }
    for (const call of calls) {
      const res = await t.app.inject({ ...call });
      expect(res.statusCode, `nobody ${call.method} ${call.url}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  describe('settings', () => {
    it('reads every setting with its default and the public rooms', async () => {
      const read = await readSettings();
      expect(read.settings).toMatchObject({
        premium_price_month: 199,
        daily_bonus_coins: 10,
        guest_entry: true,
        registration_open: true,
        hide_moderator_names: false,
      });
      expect(read.updated_at).not.toBe('');
    });

    it.each([
      ['premium_price_month', -1, 'setting.out_of_range'],
      ['premium_price_month', 1.5, 'setting.whole_number'],
      ['premium_price_month', 10 ** 12, 'setting.out_of_range'],
      ['premium_price_month', 0, 'setting.out_of_range'],
      ['premium_price_year', '500', 'invalid_type'],
      ['daily_bonus_coins', true, 'invalid_type'],
      ['guest_entry', 1, 'invalid_type'],
      ['upload_max_bytes', 10, 'setting.out_of_range'],
      ['message_rate_limit', null, 'invalid_type'],
      ['main_room_id', 999_999, 'setting.room'],
      ['no_such_setting', 1, 'invalid_value'],
    ])('refuses %s = %j with 422 naming the field; nothing stored', async (key, value, reason) => {
      const before = await snapshot();
      const res = await putSettings({ registration_open: false, [key]: value });
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res.body)[key]?.[0]).toBe(says(reason as MessageKey));
      expect(await snapshot()).toEqual(before);
    });

    it('stores a partial change, logs it, tells catalog.updated, and the price is live', async () => {
      const events = recordEvents(t.app, 'catalog.updated');
      const res = await putSettings({ premium_price_month: 777, daily_bonus_coins: 25 });
      expect(res.statusCode, res.body).toBe(200);
      const after = json<{ data: AdminSettings }>(res).data;
      expect(after.settings).toMatchObject({ premium_price_month: 777, daily_bonus_coins: 25 });
      expect(events).toContainEqual({ part: 'settings' });
      const [row] = (await logRows('settings.update')).slice(-1);
      expect(row).toMatchObject({ actor_id: admin.user.id, subject_type: 'settings' });
      expect(JSON.parse(row!.after)).toEqual({
        premium_price_month: '777',
        daily_bonus_coins: '25',
      });
      const user = await person('user');
      const premium = await user.asBrowser({ method: 'GET', url: '/api/premium' });
      expect(premium.body).toContain('777');
      const bonus = await user.asBrowser({ method: 'POST', url: '/api/bonus/daily' });
      expect(bonus.statusCode, bonus.body).toBeLessThan(300);
      expect(json<{ data: { entry: { amount: number } } }>(bonus).data.entry.amount).toBe(25);
    });

    it('answers 409 to a change made on an old version; the first one stays', async () => {
      const seen = (await readSettings()).updated_at;
      expect((await putSettings({ premium_price_quarter: 600 }, seen)).statusCode).toBe(200);
      const late = await putSettings({ premium_price_quarter: 650 }, seen);
      expect(late.statusCode, late.body).toBe(409);
      expect((await readSettings()).settings.premium_price_quarter).toBe(600);
    });

    it('guest entry off refuses guests with 403; registration closed refuses registering', async () => {
      expect((await putSettings({ guest_entry: false, registration_open: false })).statusCode).toBe(
        200,
      );
      const guest = await t.app.inject({
        method: 'POST',
        url: '/api/auth/guest/register',
        payload: { nick: 'Closedguest' },
      });
      expect(guest.statusCode, guest.body).toBe(403);
      const register = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          nick: 'Closedreg',
          password: 'secret-password',
          password_confirmation: 'secret-password',
        },
      });
      expect(register.statusCode, register.body).toBe(403);
      expect((await putSettings({ guest_entry: true, registration_open: true })).statusCode).toBe(
        200,
      );
      const open = await t.app.inject({
        method: 'POST',
        url: '/api/auth/guest/register',
        payload: { nick: 'Openguest' },
      });
      expect(open.statusCode, open.body).toBe(201);
    });
    it('the message rate limit, once stored, replaces the environment default; the upload limit too', async () => {
      expect(
        (await putSettings({ message_rate_limit: 3, upload_max_bytes: 100_000 })).statusCode,
      ).toBe(200);
      const room = await buildRoom(t.app);
      const client = await memberOf(t.app, room.id);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await client.asBrowser({
          method: 'POST',
          url: `/api/room/${room.id}/message`,
          payload: { text: `rate ${i}`, client_id: clientId() },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect(t.app.deps.uploads.maxBytesFor(client.user)).toBe(100_000);
      expect(
        (await putSettings({ message_rate_limit: 10, upload_max_bytes: 10485760 })).statusCode,
      ).toBe(200);
    });

    it("stores in the keys the site's readers use: the main room, hiding moderators' names", async () => {
      const room = await buildRoom(t.app, { is_public: 1 });
      const res = await putSettings({ main_room_id: room.id, hide_moderator_names: true });
      expect(res.statusCode, res.body).toBe(200);
      const stored = new Map(
        (await db().selectFrom('site_settings').selectAll().execute()).map((r) => [r.key, r.value]),
      );
      expect(stored.get('main_room_id')).toBe(String(room.id));
      expect(stored.get('hide_moderator_names')).toBe('1');
      expect(await new RoomsRepository(db()).mainRoomId()).toBe(room.id);
      expect(
        (await putSettings({ main_room_id: null, hide_moderator_names: false })).statusCode,
      ).toBe(200);
      expect((await readSettings()).settings.main_room_id).toBeNull();
    });
  });

  describe('the permission table', () => {
    it('shows roles × permissions with the locked cells', async () => {
      const table = await grid();
      expect(table.roles.map((r) => r.role)).toEqual(['guest', 'user', 'moderator', 'admin']);
      expect(table.locked).toContainEqual({
        role: 'admin',
        permission: 'admin.access',
        reason: 'admin_kept',
      });
      expect(table.locked).toContainEqual({
        role: 'guest',
        permission: 'profile.edit',
        reason: 'guest_never',
      });
    });

    it('a change reaches GET /api/init at once, is logged, and tells catalog.updated', async () => {
      const user = await person('user');
      expect(await initPermissions(user)).toContain('quote.add');
      const events = recordEvents(t.app, 'catalog.updated');
      const row = await roleRow('user');
      const without = row.permissions.filter((p) => p !== 'quote.add');
      const res = await putRole('user', [...without, 'banlist.view']);
      expect(res.statusCode, res.body).toBe(200);
      const perms = await initPermissions(user);
      expect(perms).not.toContain('quote.add');
      expect(perms).toContain('banlist.view');
      expect(events).toContainEqual({ part: 'permissions' });
      const [log] = (await logRows('roles.update')).slice(-1);
      expect(log).toMatchObject({
        actor_id: admin.user.id,
        subject_type: 'role',
        subject_id: 'user',
      });
      expect((JSON.parse(log!.before) as { permissions: string[] }).permissions).toContain(
        'quote.add',
      );
      // The server's own checks follow the table too: the banlist is open to a user now.
      const banlist = await user.asBrowser({ method: 'GET', url: '/api/moderation/bans' });
      expect(banlist.statusCode).not.toBe(403);
      expect((await putRole('user', row.permissions)).statusCode).toBe(200);
      expect(await initPermissions(user)).toContain('quote.add');
    });

    it('the last admin cannot lose admin rights (422, nothing changed)', async () => {
      const before = await snapshot();
      const all = (await roleRow('admin')).permissions;
      for (const dropped of ['admin.access', 'admin.permissions', 'roles.manage']) {
        const res = await putRole(
          'admin',
          all.filter((p) => p !== dropped),
        );
        expect(res.statusCode, res.body).toBe(422);
        expect(errorsOf(res.body).permissions).toEqual([says('permissions.admin_kept')]);
      }
      expect(await snapshot()).toEqual(before);
      expect(await initPermissions(admin)).toContain('admin.permissions');
    });

    it('refuses registered-only permissions for guests, profile loss for users, unknown names', async () => {
      const before = await snapshot();
      const guest = (await roleRow('guest')).permissions;
      for (const extra of ['profile.edit', 'user.ban', 'admin.access', 'nick.gradient']) {
        const res = await putRole('guest', [...guest, extra]);
        expect(res.statusCode, `${extra} ${res.body}`).toBe(422);
        expect(errorsOf(res.body).permissions).toEqual([says('permissions.guest_never')]);
      }
      const user = (await roleRow('user')).permissions;
      const lost = await putRole(
        'user',
        user.filter((p) => p !== 'profile.edit'),
      );
      expect(errorsOf(lost.body).permissions).toEqual([says('permissions.registered_kept')]);
      const unknown = await putRole('user', [...user, 'rule.the_world']);
      expect(unknown.statusCode).toBe(422);
      const badRole = await admin.asBrowser({
        method: 'PUT',
        url: '/api/admin/roles/owner',
        payload: { permissions: [], updated_at: 'x' },
      });
      expect(badRole.statusCode).toBe(422);
      expect(await snapshot()).toEqual(before);
    });

    it('the admin row needs roles.manage: a moderator given the grid cannot touch it', async () => {
      const mod = (await roleRow('moderator')).permissions;
      expect(
        (await putRole('moderator', [...mod, 'admin.access', 'admin.permissions'])).statusCode,
      ).toBe(200);
      const moderator = await person('moderator');
      const before = await snapshot();
      const res = await putRole(
        'admin',
        (await roleRow('admin')).permissions.slice(0, -1),
        moderator,
      );
      expect(res.statusCode, res.body).toBe(403);
      expect(await snapshot()).toEqual(before);
      // A row other than the admin's is theirs to change now.
      expect((await putRole('moderator', mod, moderator)).statusCode).toBe(200);
      expect((await grid()).roles.find((r) => r.role === 'moderator')!.permissions).toEqual(mod);
    });

    it('answers 409 to a change made on an old version', async () => {
      const row = await roleRow('moderator');
      const first = await admin.asBrowser({
        method: 'PUT',
        url: '/api/admin/roles/moderator',
        payload: {
          permissions: row.permissions.filter((p) => p !== 'user.warn'),
          updated_at: row.updated_at,
        },
      });
      expect(first.statusCode).toBe(200);
      const late = await admin.asBrowser({
        method: 'PUT',
        url: '/api/admin/roles/moderator',
        payload: { permissions: row.permissions, updated_at: row.updated_at },
      });
      expect(late.statusCode, late.body).toBe(409);
      expect((await roleRow('moderator')).permissions).not.toContain('user.warn');
      expect((await putRole('moderator', row.permissions)).statusCode).toBe(200);
    });
  });
});

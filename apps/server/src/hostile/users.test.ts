/**
 * Hostile input to what users change about themselves and moderators about users: chat
 * settings, status line, ignore list, troll flag.
 */
import {
  DEFAULT_CHAT_SETTINGS,
  SOUND_KINDS,
  type ChatSettings,
  type RoomDetail,
} from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { testDialects } from '../test/databases';
import type { Client } from '../test/factories';
import {
  asForm,
  buildWorld,
  data,
  expectError,
  expectInvalid,
  observe,
  polluted,
  type Observer,
  type Res,
} from './kit';

const dialects = await testDialects();
const NO_SUCH_ID = 2 ** 31 - 1;

describe.each(dialects)('hostile input to users on %s', (dialect) => {
  let t: TestApp;
  let obs: Observer;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    obs = await observe(t.app);
  });
  afterAll(async () => t.close());

  const nothingChanges = async (calls: () => Promise<unknown>) =>
    expect(await obs.changes(calls)).toEqual([]);
  const patch = (client: Client, payload: unknown) =>
    client.asBrowser({ method: 'PATCH', url: '/api/user/settings', payload: payload as object });
  const troll = (client: Client, id: number | string) =>
    client.asBrowser({ method: 'POST', url: `/api/moderation/trolls/${id}` });
  const storedSettings = async (client: Client) =>
    JSON.parse((await t.app.deps.users.findById(client.user.id))!.settings) as Record<
      string,
      unknown
    >;

  describe('settings', () => {
    it('refuses markup, wrong types and out-of-range values in every setting, changing nothing', async () => {
      const w = await buildWorld(t.app);
      const bad: Record<keyof ChatSettings, unknown[]> = {
        show_avatars: ['maybe', 2, 1, 0, -1, null, [], {}, 'TRUE', '<b>1</b>'],
        show_gradients: ['maybe', 2, null, ['1']],
        show_guests: ['yes', 3, null, { a: 1 }],
        show_time: ['nope', 7, null],
        show_trolls: ['1 ', 'on ', null],
        mute: ['muted', 10, null],
        notification_new_message: [2, -1, 0.5, 'x', '<script>', '1e309', {}],
        notification_volume: [2, -0.1, 'NaN', 'Infinity', '1e309', 'x', {}, '0.5<b>'],
        sound: ['<script>', 'DING', 'ding ', '', ['ding'], {}, 1, true, '../../etc/passwd'],
        ...Object.fromEntries(
          SOUND_KINDS.map((k) => [
            `sound_${k}`,
            ['<script>', 0, -1, 1.5, 'x', {}, true, '1e3', [1]],
          ]),
        ),
      } as Record<keyof ChatSettings, unknown[]>;
      await nothingChanges(async () => {
        for (const [field, values] of Object.entries(bad)) {
          for (const value of values)
            expectInvalid(await patch(w.owner, { [field]: value }), [field]);
        }
      });
      expect(await storedSettings(w.owner)).toEqual(DEFAULT_CHAT_SETTINGS);
    });

    // Regression guard (found by this sweep, now fixed): notification_new_message and notification_volume are z.coerce.number()
    // (packages/shared/src/chat/wire.ts:113-114, settingsPatchBody): null, "" and false become 0, true
    // becomes 1 and [0.5] becomes 0.5, so a stray null or empty form field silently mutes the
    // user's notifications. Accept numbers and numeric strings only.
    it('refuses null, empty, boolean and array values in numeric settings instead of coercing them', async () => {
      const w = await buildWorld(t.app);
      const offenders: string[] = [];
      for (const field of ['notification_new_message', 'notification_volume']) {
        for (const value of [null, '', true, false, [0.5], [1], ' ']) {
          const res = await patch(w.owner, { [field]: value });
          if (res.statusCode !== 422)
            offenders.push(
              `${field}=${JSON.stringify(value)}: ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
      expect(offenders, offenders.join('\n')).toEqual([]);
      expect(await storedSettings(w.owner)).toEqual(DEFAULT_CHAT_SETTINGS);
    });

    it('stores only known settings: no role, flags or prototype keys ride along', async () => {
      const w = await buildWorld(t.app);
      const res = await patch(w.owner, {
        mute: true,
        role: 'admin',
        is_troll: 1,
        status: '<script>',
        prototype: { mute: false },
        constructor: 'x',
        toString: 'x',
      });
      expect(data<ChatSettings>(res)).toEqual({ ...DEFAULT_CHAT_SETTINGS, mute: true });
      expect(await storedSettings(w.owner)).toEqual({ ...DEFAULT_CHAT_SETTINGS, mute: true });
      const row = await t.app.deps.users.findById(w.owner.user.id);
      expect(row).toMatchObject({ role: 'user', is_troll: 0, status: null });

      const form = await w.peer.asBrowser({
        method: 'POST',
        url: '/api/user/settings',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload:
          '_method=PATCH&__proto__[show_trolls]=1&constructor[prototype][show_trolls]=1&show_time=1',
      });
      expect(data<ChatSettings>(form)).toEqual({ ...DEFAULT_CHAT_SETTINGS, show_time: true });
      expect(polluted()).toEqual([]);
      expect(({} as Record<string, unknown>).show_trolls).toBeUndefined();
    });

    it('keeps the settings behind PATCH: a bare POST or a wrong _method changes nothing', async () => {
      const w = await buildWorld(t.app);
      await nothingChanges(async () => {
        for (const _method of [undefined, 'PUT', 'DELETE', 'GET', 'POST', ['PATCH']])
          expectError(
            await w.owner.asBrowser({
              method: 'POST',
              url: '/api/user/settings',
              payload: { _method, mute: true },
            }),
            404,
            'not_found',
          );
      });
      const lower = await w.owner.asBrowser({
        method: 'POST',
        url: '/api/user/settings',
        payload: { _method: 'patch', mute: true },
      });
      expect(data<ChatSettings>(lower).mute).toBe(true);
    });
  });

  describe('status', () => {
    const setStatus = (client: Client, status: unknown) =>
      client.asBrowser({ method: 'POST', url: '/api/user/status', payload: { status } });

    it('keeps markup in a status as data, in the answer and in the room user list', async () => {
      const w = await buildWorld(t.app);
      const status = '<script>alert(1)</script><img src=x>';
      expect(data<{ status: string }>(await setStatus(w.owner, status)).status).toBe(status);
      const room = data<RoomDetail>(
        await w.peer.asBrowser({ method: 'GET', url: `/api/room/${w.room.id}` }),
      );
      expect(room.users.find((u) => u.user.id === w.owner.user.id)?.status).toBe(status);
      const long = 'ё'.repeat(64);
      expect(data<{ status: string }>(await setStatus(w.peer, long)).status).toBe(long);
      expect(data<{ status: null }>(await setStatus(w.peer, '   ')).status).toBeNull();
    });

    it('refuses overlong or wrongly typed statuses, changing nothing', async () => {
      const w = await buildWorld(t.app);
      await setStatus(w.owner, 'before');
      await nothingChanges(async () => {
        for (const status of ['x'.repeat(65), {}, [], ['x'], 123, true])
          expectInvalid(await setStatus(w.owner, status), ['status']);
        expectInvalid(
          await w.owner.asBrowser({ method: 'POST', url: '/api/user/status', payload: {} }),
          ['status'],
        );
      });
      expect((await t.app.deps.users.findById(w.owner.user.id))?.status).toBe('before');
    });

    // Regression guard (found by this sweep, now fixed): on PostgreSQL a NUL byte in the status fails the update (varchar cannot hold it) and
    // answers 500; SQLite stores it. Refuse control characters in statusBody
    // (packages/shared/src/chat/wire.ts:119) or store them on both dialects.
    it('answers a NUL byte in a status with 200 verbatim or 422, never 500', async () => {
      const w = await buildWorld(t.app);
      const res = await setStatus(w.owner, 'a\u0000b');
      expect([200, 422], res.body).toContain(res.statusCode);
      if (res.statusCode === 200) expect(data<{ status: string }>(res).status).toBe('a\u0000b');
    });
  });

  describe('ignore list', () => {
    it('refuses myself, nobody and hostile ids, and never lists anyone twice', async () => {
      const w = await buildWorld(t.app);
      const ignore = (id: unknown) =>
        w.peer.asBrowser({ method: 'POST', url: `/api/ignore/${String(id)}` });
      await nothingChanges(async () => {
        expectInvalid(await ignore(w.peer.user.id), ['user_id']);
        expectError(await ignore(NO_SUCH_ID), 404, 'not_found');
        for (const id of ['-1', '0', '1.5', 'abc', '%3Cscript%3E', '99999999999'])
          expectInvalid(await ignore(id), ['userId']);
        // Taking someone off a list they are not on is a no-op.
        const res = await w.peer.asBrowser({
          method: 'DELETE',
          url: `/api/ignore/${w.owner.user.id}`,
        });
        expect(data<number[]>(res)).toEqual([]);
      });
      for (let i = 0; i < 3; i++) await ignore(w.owner.user.id);
      expect(data<number[]>(await ignore(w.owner.user.id))).toEqual([w.owner.user.id]);
    });
  });

  describe('trolls', () => {
    // The troll list goes only to those who may manage trolls (a troll must not learn it).
    const trolls = async (viewer: Client) =>
      data<{ trolls: number[] }>(await viewer.asBrowser({ method: 'GET', url: '/api/init' }))
        .trolls;

    it('lets only moderators mark trolls, on a real user they outrank', async () => {
      const w = await buildWorld(t.app);
      await nothingChanges(async () => {
        expectError(await troll(w.peer, w.owner.user.id), 403, 'forbidden');
        expectError(await troll(w.guest, w.owner.user.id), 403, 'forbidden');
        expectError(await troll(w.moderator, NO_SUCH_ID), 404, 'not_found');
        expectError(await troll(w.moderator, w.admin.user.id), 403, 'forbidden');
        expectError(await troll(w.moderator, w.moderator.user.id), 403, 'forbidden');
        for (const id of ['maybe', '0', '-1', '1e3', '<b>1</b>'])
          expect((await troll(w.moderator, id)).statusCode).toBeGreaterThanOrEqual(400);
      });
      expect(await trolls(w.moderator)).not.toContain(w.owner.user.id);
      expect((await troll(w.moderator, w.owner.user.id)).statusCode).toBe(204);
      expect(await trolls(w.moderator)).toContain(w.owner.user.id);
      expect(await trolls(w.peer)).toEqual([]);
    });
  });

  it('never answers a 500 to wrong types anywhere in these bodies', async () => {
    const w = await buildWorld(t.app);
    const values: unknown[] = [
      null,
      true,
      0,
      -1,
      1e308,
      '',
      '<script>',
      [],
      [null],
      {},
      { a: { b: {} } },
    ];
    const failures: string[] = [];
    const record = (label: string, res: Res) => {
      if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${res.body}`);
    };
    for (const value of values) {
      for (const field of ['show_guests', 'sound', 'notification_volume', 'mute'])
        record(
          `settings ${field}=${JSON.stringify(value)}`,
          await patch(w.admin, { [field]: value }),
        );
      record(
        `status=${JSON.stringify(value)}`,
        await w.admin.asBrowser({
          method: 'POST',
          url: '/api/user/status',
          payload: { status: value },
        }),
      );
    }
    expect(failures, failures.join('\n')).toEqual([]);
    // The same via a form, where every value is a string or a nested object.
    for (const extra of [
      'sound[a]=1',
      'sound[]=ding',
      'mute[__proto__]=1',
      'notification_volume[]=1',
    ]) {
      const res = await w.admin.asBrowser(
        asForm({ method: 'POST', url: '/api/user/settings', payload: { _method: 'PATCH' } }, extra),
      );
      expect([200, 422], `${extra}: ${res.body}`).toContain(res.statusCode);
    }
  });
});

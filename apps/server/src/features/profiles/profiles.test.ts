import {
  moscowMonthKey,
  PROFILES_SEARCH_COUNT_CAP,
  type ImChannel,
  type Profile,
  type ProfilesPage,
} from '@chat/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/clock';
import { buildRoom, clientId, memberOf } from '../../test/chat-fixtures';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';

const dialects = await testDialects();

describe.each(dialects)('profiles on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { MESSAGE_RATE_LIMIT: '1000' });
  });
  afterAll(async () => t.close());

  const profileOf = async (slug: string, viewer?: Client) => {
    const opts = { method: 'GET' as const, url: `/api/profile/${encodeURIComponent(slug)}` };
    const res = viewer ? await viewer.asBrowser(opts) : await t.app.inject(opts);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: Profile }>(res).data;
  };
  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/profiles/${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return json<ProfilesPage>(res);
  };
  const say = async (who: Client, roomId: number) => {
    const res = await who.asBrowser({
      method: 'POST',
      url: `/api/room/${roomId}/message`,
      payload: { text: `hello ${clientId()}`, client_id: clientId() },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('counts public and private messages on the row, and the top of the month follows', async () => {
    const room = await buildRoom(t.app);
    const a = await memberOf(t.app, room.id);
    const b = await memberOf(t.app, room.id);
    for (let i = 0; i < 3; i += 1) await say(a, room.id);
    await say(b, room.id);
    const channel = json<{ data: ImChannel }>(
      await a.asBrowser({
        method: 'POST',
        url: '/api/im/channels',
        payload: { user_id: b.user.id },
      }),
    ).data;
    const im = await a.asBrowser({
      method: 'POST',
      url: `/api/im/channel/${channel.id}`,
      payload: { text: 'psst', client_id: clientId() },
    });
    expect(im.statusCode, im.body).toBe(201);

    const stats = (await profileOf(a.user.slug, b)).statistics;
    expect(stats).toMatchObject({
      public_messages: 3,
      private_messages: 1,
      total_messages: 4,
      violations: 0,
    });
    expect(stats.registered_at).toBe(a.user.created_at);

    const top = await list('top?per_page=50');
    expect(top.meta.window?.month).toBe(moscowMonthKey(new Date()));
    const ids = top.data.map((r) => r.user.id);
    expect(ids.indexOf(a.user.id)).toBeLessThan(ids.indexOf(b.user.id));
    expect(top.data.find((r) => r.user.id === a.user.id)?.month_messages).toBe(3);
  });

  it('hides last online while the user is invisible, except from admins; counts stealth visits once', async () => {
    const room = await buildRoom(t.app);
    const mod = await memberOf(t.app, room.id, { role: 'moderator' });
    const viewer = await signedIn(t.app, await buildUser(t.app));
    const admin = await signedIn(t.app, await buildUser(t.app, { role: 'admin' }));
    expect((await profileOf(mod.user.slug, viewer)).statistics.last_online).not.toBeNull();
    for (const visibility of [false, true, false]) {
      const res = await mod.asBrowser({
        method: 'PATCH',
        url: `/api/room/${room.id}/visibility`,
        payload: { visibility },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Listeners run after the answer: give them a moment.
    await new Promise((r) => setTimeout(r, 50));
    const seen = await profileOf(mod.user.slug, viewer);
    expect(seen.statistics.last_online).toBeNull();
    expect(seen.statistics.stealth_percent).toBe(100);
    expect((await profileOf(mod.user.slug, admin)).statistics.last_online).not.toBeNull();
    expect((await profileOf(mod.user.slug, mod)).statistics.last_online).not.toBeNull();
    // The online list leaves the invisible out.
    const online = await list('online?per_page=200');
    expect(online.data.map((r) => r.user.id)).not.toContain(mod.user.id);
    const other = await memberOf(t.app, room.id);
    expect((await list('online?per_page=200')).data.map((r) => r.user.id)).toContain(other.user.id);
  });

  it('tells gender, age and presence in list rows, and nothing of an invisible member', async () => {
    const room = await buildRoom(t.app);
    const seen = await memberOf(t.app, room.id, {
      gender: 'female',
      birthdate: '1990-01-15',
    });
    // Going invisible is a staff privilege today (premium later).
    const hidden = await memberOf(t.app, room.id, { role: 'moderator' });
    const res = await hidden.asBrowser({
      method: 'PATCH',
      url: `/api/room/${room.id}/visibility`,
      payload: { visibility: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await list('new?per_page=200')).data;
    const row = rows.find((r) => r.user.id === seen.user.id);
    expect(row).toMatchObject({ gender: 'female', online: true });
    expect(row?.age).toBeGreaterThanOrEqual(36);
    const stealthy = rows.find((r) => r.user.id === hidden.user.id);
    expect(stealthy).toMatchObject({ online: false, last_online: null });
  });

  it('404s an unknown slug and names only known tabs and page sizes', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile/nobody-here' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/profiles/all' })).statusCode).toBe(422);
    for (const q of ['per_page=7', 'per_page=1000', 'page=0', 'page=-1', 'page=abc'])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/profiles/new?${q}` })).statusCode,
        q,
      ).toBe(422);
  });

  it('lists the newest registered first (no guests), paged 50/100/200', async () => {
    const before = await buildUser(t.app);
    await buildUser(t.app, { role: 'guest' });
    const newest = await buildUser(t.app);
    const page = await list('new?per_page=100');
    expect(page.data[0]?.user.id).toBe(newest.id);
    expect(page.data.some((r) => r.user.roles.includes('guest'))).toBe(false);
    expect(page.data.map((r) => r.user.id)).toContain(before.id);
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 100 });
  });

  it('finds nicks by prefix ignoring case, Cyrillic included, and pages the result', async () => {
    const tag = Math.random().toString(36).slice(2, 6);
    const names = [`Ёжик${tag}`, `ёЖИК${tag}a`, `Жук${tag}`, `ANNA${tag}`, `anna${tag}x`];
    for (const nick of names) await buildUser(t.app, { nick });
    const hits = async (q: string) =>
      (await list(`search?q=${encodeURIComponent(q)}&per_page=50`)).data.map(
        (r) => r.user.nick.nick,
      );
    expect(await hits(`ёжик${tag}`)).toEqual([`Ёжик${tag}`, `ёЖИК${tag}a`]);
    expect(await hits(`ЁЖ`)).toEqual(expect.arrayContaining([`Ёжик${tag}`, `ёЖИК${tag}a`]));
    expect((await hits(`Anna${tag}`)).sort()).toEqual([`ANNA${tag}`, `anna${tag}x`].sort());
    expect(await hits(`zzz${tag}`)).toEqual([]);
    // LIKE wildcards are plain characters here.
    expect(await hits('%')).toEqual([]);
    expect(await hits('_')).toEqual([]);
    const page2 = await list(`search?q=${encodeURIComponent(`anna${tag}`)}&per_page=50&page=2`);
    expect(page2.data).toEqual([]);
    expect(page2.meta).toMatchObject({ current_page: 2, total: 2, last_page: 1 });
  });

  it('counts a search up to PROFILES_SEARCH_COUNT_CAP and says when more matched', async () => {
    const tag = `cap${Math.random().toString(36).slice(2, 6)}`;
    const template = await buildUser(t.app, { nick: `${tag}0` });
    const { id: templateId, ...row } = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', template.id)
      .executeTakeFirstOrThrow();
    // Straight into the table: a thousand registrations would take a minute.
    expect(templateId).toBe(template.id);
    const more = Array.from({ length: PROFILES_SEARCH_COUNT_CAP }, (_, i) => ({
      ...row,
      nick: `${tag}${i + 1}`,
      nick_key: `${tag}${i + 1}`,
      slug: `${tag}-${i + 1}`,
    }));
    for (let i = 0; i < more.length; i += 100)
      await t.database.db
        .insertInto('users')
        .values(more.slice(i, i + 100))
        .execute();
    const first = await list(`search?q=${tag}&per_page=200`);
    expect(first.data).toHaveLength(200);
    expect(first.meta).toMatchObject({
      total: PROFILES_SEARCH_COUNT_CAP,
      total_capped: true,
      last_page: PROFILES_SEARCH_COUNT_CAP / 200,
    });
    // A narrower prefix is counted exactly: 1, 10–19, 100–199, 1000.
    const narrower = await list(`search?q=${tag}1&per_page=50`);
    expect(narrower.meta).toMatchObject({ total: 112, total_capped: false, last_page: 3 });
    expect((await list('new?per_page=50')).meta.total_capped).toBe(false);
  });

  it('searches through an index on this dialect', async () => {
    const plan =
      dialect === 'postgres'
        ? await sql<
            Record<string, string>
          >`explain select * from users where nick_key collate "C" >= ${'ан'} and nick_key collate "C" < ${'ан\u{10FFFF}'} order by nick_key collate "C" limit 50`.execute(
            t.database.db,
          )
        : await sql<
            Record<string, string>
          >`explain query plan select * from users where nick_key >= ${'ан'} and nick_key < ${'ан\u{10FFFF}'} order by nick_key limit 50`.execute(
            t.database.db,
          );
    const text = plan.rows.map((r) => Object.values(r).join(' ')).join('\n');
    if (dialect === 'postgres') {
      await sql`set enable_seqscan = off`.execute(t.database.db);
      const forced = await sql<
        Record<string, string>
      >`explain select * from users where nick_key collate "C" >= ${'ан'} and nick_key collate "C" < ${'ан\u{10FFFF}'} order by nick_key collate "C" limit 50`.execute(
        t.database.db,
      );
      await sql`reset enable_seqscan`.execute(t.database.db);
      expect(forced.rows.map((r) => Object.values(r).join(' ')).join('\n')).toContain(
        'users_nick_key_c',
      );
    } else {
      expect(text).toMatch(/USING INDEX/);
    }
  });

  it('leaves refused photos off the public profile and keeps them for the owner', async () => {
    const owner = await signedIn(t.app, await buildUser(t.app));
    const at = nowIso();
    const attachment = await t.database.db
      .insertInto('attachments')
      .values({
        user_id: owner.user.id,
        purpose: 'photo',
        status: 'complete',
        mime: 'image/png',
        width: 10,
        height: 10,
        size: 10,
        adult: 0,
        adult_marked: 0,
        original_key: null,
        file_key: 'files/x.png',
        thumb_key: null,
        error: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('profile_photos')
      .values({
        user_id: owner.user.id,
        attachment_id: attachment.id,
        status: 'refused',
        position: 1,
        created_at: at,
      })
      .execute();
    expect((await profileOf(owner.user.slug)).photos).toEqual([]);
    expect((await profileOf(owner.user.slug, owner)).photos).toHaveLength(1);
  });
});

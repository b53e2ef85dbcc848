import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json } from '../../test/factories';
import { DEMO_PAGES, DEMO_ROOMS, DEMO_SMILEY_GROUPS } from './demo-content';
import { DEMO_GIF_CATEGORIES } from './demo-gifs';
import { ensureAdmin, seedDemo } from './seed';

const dialects = await testDialects();

describe.each(dialects)('demo seed on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('adds rooms, fonts, smileys and pages once', async () => {
    expect(await seedDemo(t.database)).toBe(true);
    expect(await seedDemo(t.database)).toBe(false);
    const rooms = await t.database.db.selectFrom('rooms').selectAll().execute();
    expect(rooms).toHaveLength(DEMO_ROOMS.length);
    expect(rooms.some((r) => /[а-я]/i.test(r.name_ru) && /^[\x20-\x7e]+$/.test(r.name_en))).toBe(
      true,
    );
    // The first demo room is the main one.
    const main = await t.database.db
      .selectFrom('site_settings')
      .select('value')
      .where('key', '=', 'main_room_id')
      .executeTakeFirstOrThrow();
    expect(Number(main.value)).toBe(Math.min(...rooms.map((r) => r.id)));
    const smileys = await t.database.db.selectFrom('smileys').selectAll().execute();
    expect(smileys).toHaveLength(DEMO_SMILEY_GROUPS.flatMap((g) => g.smileys).length);
    expect(DEMO_PAGES.map((p) => `${p.slug}/${p.locale}`).sort()).toEqual([
      'agreement/en',
      'agreement/ru',
      'privacy/en',
      'privacy/ru',
    ]);
  });

  it('adds the GIF library with the demo, and to a site seeded before it existed', async () => {
    const total = DEMO_GIF_CATEGORIES.flatMap((c) => c.gifs).length;
    const count = async () =>
      (await t.database.db.selectFrom('gifs').select('id').execute()).length;
    expect(await count()).toBe(total);
    // An older site: seeded, but without the library.
    await t.database.db.deleteFrom('gif_categories').execute();
    await t.database.db
      .deleteFrom('site_settings')
      .where('key', '=', 'demo_gifs_seeded_at')
      .execute();
    expect(await seedDemo(t.database)).toBe(true);
    expect(await count()).toBe(total);
    expect(await seedDemo(t.database)).toBe(false);
    expect(await t.database.db.selectFrom('rooms').select('id').execute()).toHaveLength(
      DEMO_ROOMS.length,
    );
  });

  it('ships an image for every smiley, served by the app', async () => {
    for (const tag of DEMO_SMILEY_GROUPS.flatMap((g) => g.smileys)) {
      const res = await t.app.inject({ method: 'GET', url: `/assets/static/smileys/${tag}.svg` });
      expect(res.statusCode, tag).toBe(200);
      expect(res.body).not.toMatch(/<script|javascript:|<foreignObject/i);
    }
  });

  it('creates one admin, with the given password, who can sign in', async () => {
    expect(await ensureAdmin(t.database, 'admin-password-1')).toBeNull();
    expect(await ensureAdmin(t.database, null)).toBeNull();
    expect(await t.app.deps.users.countByRole('admin')).toBe(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { nick_or_phone: 'admin', password: 'admin-password-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { roles: string[]; permissions: string[] } }>(res).data.roles).toContain(
      'admin',
    );
  });
});

import type { HomeOverview } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom, memberOf } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn } from '../../test/factories';
import { HOME_CACHE_MS } from './home.service';

const dialects = await testDialects();

describe.each(dialects)('the home overview on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    // The clock moves only when a test says so (`later`): the cache's age is the test's to set.
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const overview = async (headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/home', headers });
    expect(res.statusCode).toBe(200);
    return json<{ data: HomeOverview }>(res).data;
  };
  /** The next answer is worked out again: the cached one has grown old. */
  const later = () => vi.setSystemTime(Date.now() + HOME_CACHE_MS + 1);
  const goInvisible = (client: Awaited<ReturnType<typeof memberOf>>, roomId: number) =>
    client.asBrowser({
      method: 'POST',
      url: `/api/room/${roomId}/visibility`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `_method=PATCH&visibility=0`,
    });

  it('counts people online and lists the busiest public rooms, to anyone, without a session', async () => {
    const quiet = await buildRoom(t.app, { name_en: 'Quiet' });
    const busy = await buildRoom(t.app, { name_en: 'Busy' });
    const secret = await buildRoom(t.app, { name_en: 'Secret', is_public: 0 });
    const before = await overview();
    await memberOf(t.app, quiet.id);
    await memberOf(t.app, busy.id);
    await memberOf(t.app, busy.id, { role: 'guest' });
    const owner = await signedIn(t.app, await buildUser(t.app));
    await t.app.deps.database.db
      .insertInto('room_invites')
      .values({
        room_id: secret.id,
        user_id: owner.user.id,
        invited_by: owner.user.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    await owner.asBrowser({ method: 'POST', url: `/api/room/${secret.id}/enter` });

    later();
    const now = await overview();
    // Guests count: they are there. The one in the private room is online too (People → Online).
    expect(now.online).toBe(before.online + 4);
    const ids = now.rooms.map((r) => r.id);
    expect(ids.indexOf(busy.id)).toBeLessThan(ids.indexOf(quiet.id));
    expect(now.rooms.find((r) => r.id === busy.id)).toEqual({
      id: busy.id,
      name: { ru: 'Комната', en: 'Busy' },
      users_count: 2,
    });
    expect(now.rooms.find((r) => r.id === quiet.id)?.users_count).toBe(1);
    // A private room is nobody's business here, its members' included.
    expect(ids).not.toContain(secret.id);
    const asMember = await owner.asBrowser({ method: 'GET', url: '/api/home' });
    expect(json<{ data: HomeOverview }>(asMember).data.rooms.map((r) => r.id)).not.toContain(
      secret.id,
    );
    expect(now.rooms.length).toBeLessThanOrEqual(6);
  });

  it('leaves invisible people out of both counts, even for an admin asking', async () => {
    const room = await buildRoom(t.app, { name_en: 'Watched' });
    await memberOf(t.app, room.id);
    const moderator = await memberOf(t.app, room.id, { role: 'moderator' });
    later();
    const seen = await overview();
    expect(seen.rooms.find((r) => r.id === room.id)?.users_count).toBe(2);

    expect((await goInvisible(moderator, room.id)).statusCode).toBe(200);
    later();
    const admin = await signedIn(t.app, await buildUser(t.app, { role: 'admin' }));
    const hidden = json<{ data: HomeOverview }>(
      await admin.asBrowser({ method: 'GET', url: '/api/home' }),
    ).data;
    expect(hidden.online).toBe(seen.online - 1);
    expect(hidden.rooms.find((r) => r.id === room.id)?.users_count).toBe(1);
  });

  it('answers from its cache for a few seconds, then counts again', async () => {
    const room = await buildRoom(t.app, { name_en: 'Cached' });
    later();
    const first = await overview();
    await memberOf(t.app, room.id);
    expect(await overview()).toEqual(first);
    later();
    expect((await overview()).online).toBe(first.online + 1);
  });

  it('is in the OpenAPI document', async () => {
    const doc = json<{ paths: Record<string, unknown> }>(
      await t.app.inject({ method: 'GET', url: '/api/docs/json' }),
    );
    expect(doc.paths['/api/home']).toBeDefined();
  });
});

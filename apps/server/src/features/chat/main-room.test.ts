import type { ChatState } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn } from '../../test/factories';
import { MAIN_ROOM_SETTING } from '../../db/site-settings';

const dialects = await testDialects();

describe.each(dialects)('the main room on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const chatOf = async () => {
    const client = await signedIn(t.app, await buildUser(t.app));
    const state = json<{ data: ChatState }>(
      await client.asBrowser({ method: 'GET', url: '/api/chat' }),
    ).data;
    return { client, state };
  };
  const setting = async (value: string | null) => {
    const db = t.app.deps.database.db;
    await db.deleteFrom('site_settings').where('key', '=', MAIN_ROOM_SETTING).execute();
    if (value !== null)
      await db.insertInto('site_settings').values({ key: MAIN_ROOM_SETTING, value }).execute();
  };
  const setPosition = (id: number, position: number) =>
    t.app.deps.database.db.updateTable('rooms').set({ position }).where('id', '=', id).execute();

  it('is null while the site has no public room', async () => {
    await buildRoom(t.app, { is_public: 0 });
    expect((await chatOf()).state.main_room_id).toBeNull();
  });

  it('is the first public room by position when no setting names one', async () => {
    const later = await buildRoom(t.app, { name_en: 'Later' });
    const first = await buildRoom(t.app, { name_en: 'First' });
    await setPosition(later.id, 5);
    await setPosition(first.id, 2);
    const hidden = await buildRoom(t.app, { is_public: 0 });
    await setPosition(hidden.id, 0);
    expect((await chatOf()).state.main_room_id).toBe(first.id);
  });

  it('is the room the site setting names, while it is public', async () => {
    const chosen = await buildRoom(t.app, { name_en: 'Chosen' });
    await setPosition(chosen.id, 50);
    await setting(String(chosen.id));
    const { client, state } = await chatOf();
    expect(state.main_room_id).toBe(chosen.id);
    // The user entering it is the ordinary enter call; the main room stays main once entered.
    const res = await client.asBrowser({ method: 'POST', url: `/api/room/${chosen.id}/enter` });
    expect(res.statusCode).toBe(200);
    const after = json<{ data: ChatState }>(
      await client.asBrowser({ method: 'GET', url: '/api/chat' }),
    ).data;
    expect(after.rooms.map((r) => r.id)).toEqual([chosen.id]);
    expect(after.main_room_id).toBe(chosen.id);

    // Made private, gone, or nonsense: the first public room by position takes over.
    await t.app.deps.database.db
      .updateTable('rooms')
      .set({ is_public: 0 })
      .where('id', '=', chosen.id)
      .execute();
    const fallback = (await chatOf()).state.main_room_id;
    expect(fallback).not.toBe(chosen.id);
    expect(fallback).not.toBeNull();
    for (const value of ['999999', 'abc', '-1', '1e400', '']) {
      await setting(value);
      expect((await chatOf()).state.main_room_id, value).toBe(fallback);
    }
    await setting(null);
  });
});

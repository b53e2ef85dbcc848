import {
  RECENT_SMILEYS_MAX,
  type ChatMessage,
  type ImChannel,
  type InitData,
  type Smiley,
} from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom, clientId, memberOf } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { RecentSmileys } from './recent-smileys';
import { RecentSmileysRepository } from './recent-smileys.repository';

const dialects = await testDialects();
// More smileys than an account keeps, so the cap can be seen.
const TAGS = Array.from({ length: RECENT_SMILEYS_MAX + 6 }, (_, i) => `s${i}`);

describe.each(dialects)('recent smileys on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { MESSAGE_RATE_LIMIT: '1000' });
    const db = t.database.db;
    const group = await db
      .insertInto('smiley_groups')
      .values({ name_ru: 'Эмоции', name_en: 'Emotions', position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('smileys')
      .values(
        ['smile', 'cry', 'улыбка', ...TAGS].map((tag, position) => ({
          group_id: group.id,
          tag,
          file: `${tag}.gif`,
          position,
        })),
      )
      .execute();
    t.app.deps.catalog.invalidate();
  });
  afterAll(async () => t.close());

  const recentOf = async (client: Client) =>
    json<{ data: InitData }>(await client.asBrowser({ method: 'GET', url: '/api/init' })).data.user!
      .recent_smileys;
  const tags = (smileys: Smiley[]) => smileys.map((s) => s.tag);
  const rowsOf = (userId: number) =>
    t.database.db
      .selectFrom('recent_smileys')
      .select('tag')
      .where('user_id', '=', userId)
      .execute();
  const say = async (client: Client, roomId: number, text: string) => {
    const res = await client.asBrowser({
      method: 'POST',
      url: `/api/room/${roomId}/message`,
      payload: { text, client_id: clientId() },
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ data: ChatMessage }>(res).data;
  };

  it('starts empty, and puts the catalogue smileys of each room message sent first, once', async () => {
    const room = await buildRoom(t.app);
    const anna = await memberOf(t.app, room.id);
    expect(await recentOf(anna)).toEqual([]);

    await say(anna, room.id, 'hi -smile- -nope- -cry-');
    // The answer came before the uses were written: they wait for the batch.
    expect(await rowsOf(anna.user.id)).toEqual([]);
    await t.app.deps.recentSmileys.flush();
    expect(tags(await recentOf(anna))).toEqual(['cry', 'smile']);

    await say(anna, room.id, '-улыбка- and -smile- again, no cry');
    await t.app.deps.recentSmileys.flush();
    const recent = await recentOf(anna);
    expect(tags(recent)).toEqual(['smile', 'улыбка', 'cry']);
    // The catalogue's own wire objects, as in smiley_groups.
    const groups = json<{ data: InitData }>(
      await anna.asBrowser({ method: 'GET', url: '/api/init' }),
    ).data.user!.smiley_groups;
    expect(recent[0]).toEqual(groups[0]!.smileys.find((s) => s.tag === 'smile'));
    expect(await rowsOf(anna.user.id)).toHaveLength(3);
  });

  it('records the smileys of private messages too', async () => {
    const [bob, cleo] = await Promise.all([
      buildUser(t.app).then((u) => signedIn(t.app, u)),
      buildUser(t.app).then((u) => signedIn(t.app, u)),
    ]);
    const channel = json<{ data: ImChannel }>(
      await bob.asBrowser({
        method: 'POST',
        url: '/api/im/channels',
        payload: { user_id: cleo.user.id },
      }),
    ).data;
    const res = await bob.asBrowser({
      method: 'POST',
      url: `/api/im/channel/${channel.id}`,
      payload: { text: 'privately -cry-', client_id: clientId() },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.deps.recentSmileys.flush();
    expect(tags(await recentOf(bob))).toEqual(['cry']);
    expect(await recentOf(cleo)).toEqual([]);
  });

  it(`keeps each account's newest ${RECENT_SMILEYS_MAX}, for many accounts in one batch`, async () => {
    const people = await Promise.all([1, 2, 3].map(() => buildUser(t.app)));
    const recorder = t.app.deps.recentSmileys;
    // Two batches: the second moves s0 to the front and pushes the oldest out.
    for (const [i, person] of people.entries())
      recorder.note(person.id, TAGS.slice(0, RECENT_SMILEYS_MAX - i), '2026-01-01T00:00:00.000Z');
    await recorder.flush();
    for (const person of people) recorder.note(person.id, [...TAGS.slice(20), 's0'], nowLike());
    await recorder.flush();
    for (const [i, person] of people.entries()) {
      const second = ['s0', ...TAGS.slice(20).reverse()];
      const first = TAGS.slice(0, RECENT_SMILEYS_MAX - i).reverse();
      expect(tags(await recorder.of(person.id))).toEqual(
        [...second, ...first.filter((tag) => !second.includes(tag))].slice(0, RECENT_SMILEYS_MAX),
      );
      expect(await rowsOf(person.id)).toHaveLength(RECENT_SMILEYS_MAX);
    }
  });

  it('sends only smileys the catalogue still has', async () => {
    const dora = await buildUser(t.app);
    const recorder = t.app.deps.recentSmileys;
    recorder.note(dora.id, ['smile', 'gone'], nowLike());
    await recorder.flush();
    expect(tags(await recorder.of(dora.id))).toEqual(['smile']);
  });

  it('writes a batch by itself once the delay has passed, and nothing for plain text', async () => {
    const room = await buildRoom(t.app);
    const eve = await memberOf(t.app, room.id);
    const quick = new RecentSmileys(
      new RecentSmileysRepository(t.database.db),
      t.app.deps.catalog,
      t.app.log,
      20,
    );
    quick.listenTo(t.app.deps.events);
    await say(eve, room.id, 'no smileys - here');
    await say(eve, room.id, 'one -cry-');
    await expect.poll(() => rowsOf(eve.user.id), { timeout: 2000 }).toEqual([{ tag: 'cry' }]);
  });

  it("forgets a deleted account's smileys", async () => {
    const room = await buildRoom(t.app);
    const fay = await memberOf(t.app, room.id);
    await say(fay, room.id, '-smile-');
    await t.app.deps.recentSmileys.flush();
    expect(await rowsOf(fay.user.id)).toHaveLength(1);
    const res = await fay.asBrowser({
      method: 'DELETE',
      url: '/api/my/account',
      payload: { password: 'secret-password' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await t.app.deps.recentSmileys.flush();
    expect(await rowsOf(fay.user.id)).toEqual([]);
    // A use noted before the deletion and written after it (another node's batch) stays out.
    t.app.deps.recentSmileys.note(fay.user.id, ['cry'], nowLike());
    await t.app.deps.recentSmileys.flush();
    expect(await rowsOf(fay.user.id)).toEqual([]);
  });
});

function nowLike(): string {
  return new Date().toISOString();
}

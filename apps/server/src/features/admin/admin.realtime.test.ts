/**
 * A catalogue change made in the admin area reaches open tabs (`CatalogUpdated` on
 * `private-chat`) and drops the catalogue cached in memory at once: on the node that made it,
 * and with Redis on every other node, so /api/init shows a new smiley without waiting.
 */
import { CHAT_CHANNEL, type InitData } from '@chat/shared';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { viewerOf } from '../../access/viewer';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { collect, sleep, subscribed, waitUntil } from '../../test/pusher-clients';
import { redisAvailable } from '../../test/redis';
import { useListeningApp, useTwoNodes } from '../../test/realtime-nodes';

let serial = 0;

/** A smiley added the one way the admin area writes: through AdminChanges. */
async function addSmiley(app: FastifyInstance, admin: Client): Promise<string> {
  serial += 1;
  const tag = `rt${serial}${Math.random().toString(36).slice(2, 6)}`;
  await app.deps.admin.changes.change(viewerOf(admin.user), 'smileys', async (tx) => {
    const group = await tx.db.selectFrom('smiley_groups').select('id').executeTakeFirst();
    const groupId =
      group?.id ??
      (
        await tx.db
          .insertInto('smiley_groups')
          .values({ name_ru: 'Тест', name_en: 'Test', position: 1 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await tx.db
      .insertInto('smileys')
      .values({ group_id: groupId, tag, file: `${tag}.svg`, position: 99 })
      .execute();
    return {
      action: 'smileys.create',
      subjectType: 'smiley',
      subjectId: tag,
      before: null,
      after: { tag },
      result: undefined,
    };
  });
  return tag;
}

const tagsIn = async (app: FastifyInstance, who: Client) => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/init',
    headers: { authorization: `Bearer ${who.token}` },
  });
  const { data } = json<{ data: InitData }>(res);
  return (data.user?.smiley_groups ?? []).flatMap((g) => g.smileys.map((s) => s.tag));
};

describe('one node', () => {
  const node = useListeningApp();

  it('tells every open chat and shows the new smiley in init at once', async () => {
    const app = node.t.app;
    const admin = await signedIn(app, await buildUser(app, { role: 'admin' }));
    const reader = await signedIn(app, await buildUser(app));
    const before = await tagsIn(app, reader);
    const channel = await subscribed(await node.socketOf(reader), CHAT_CHANNEL);
    const heard = collect<{ part: string }>(channel, 'CatalogUpdated');
    const tag = await addSmiley(app, admin);
    await waitUntil(() => heard.length === 1);
    expect(heard).toEqual([{ part: 'smileys' }]);
    expect(before).not.toContain(tag);
    // The catalogue is cached for 30 s; the change dropped it.
    expect(await tagsIn(app, reader)).toContain(tag);
  });
});

const redisUp = await redisAvailable();

describe.skipIf(!redisUp)('two nodes over Redis', () => {
  const nodes = useTwoNodes();

  it('drops the other node’s catalogue and tells sockets held there', async () => {
    const admin = await signedIn(nodes.a, await buildUser(nodes.a, { role: 'admin' }));
    const reader = await signedIn(nodes.a, await buildUser(nodes.a));
    // Node B reads (and keeps) the catalogue first.
    await tagsIn(nodes.b, reader);
    const channel = await subscribed(
      await nodes.socketOnB(reader.token, nodes.portB),
      CHAT_CHANNEL,
    );
    const heard = collect<{ part: string }>(channel, 'CatalogUpdated');
    const tag = await addSmiley(nodes.a, admin);
    await waitUntil(() => heard.length === 1);
    expect(heard).toEqual([{ part: 'smileys' }]);
    // Node B's catalogue was dropped by the word over Redis (it keeps one for 30 s otherwise).
    let seen: string[] = [];
    for (const deadline = Date.now() + 5_000; Date.now() < deadline;) {
      seen = await tagsIn(nodes.b, reader);
      if (seen.includes(tag)) break;
      await sleep(50);
    }
    expect(seen).toContain(tag);
  });
});

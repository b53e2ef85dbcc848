import { roomChannel, type ChatMessage } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom, clientId, memberOf } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { json, type Client } from '../../test/factories';
import { useListeningApp } from '../../test/realtime-nodes';
import { collect, sleep, subscribed, waitUntil } from '../../test/pusher-clients';

const dialects = await testDialects();

/**
 * Issue 19: a staff deletion respects rank as sanctions do (point 8), and a troll's messages
 * reach only the troll and those who may see trolls, in history and on the socket (point 13).
 */
describe.each(dialects)('rank and trolls in rooms on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const say = async (client: Client, roomId: number, text: string) =>
    json<{ data: ChatMessage }>(
      await client.asBrowser({
        method: 'POST',
        url: `/api/room/${roomId}/message`,
        payload: { text, client_id: clientId() },
      }),
    ).data;
  const history = async (client: Client, roomId: number, query = '') =>
    json<{ data: ChatMessage[] }>(
      await client.asBrowser({ method: 'GET', url: `/api/room/${roomId}/messages${query}` }),
    ).data;
  const deleteForEveryone = (client: Client, id: number) =>
    client.asBrowser({ method: 'DELETE', url: `/api/chat/message/delete_from_everyone/${id}` });
  const markTroll = (moderator: Client, userId: number) =>
    moderator.asBrowser({ method: 'POST', url: `/api/moderation/trolls/${userId}` });

  it("refuses a moderator deleting an admin's or another moderator's message for everyone", async () => {
    const room = await buildRoom(t.app);
    const admin = await memberOf(t.app, room.id, { role: 'admin' });
    const moderator = await memberOf(t.app, room.id, { role: 'moderator' });
    const colleague = await memberOf(t.app, room.id, { role: 'moderator' });
    const user = await memberOf(t.app, room.id);
    const byAdmin = await say(admin, room.id, 'from the admin');
    const byColleague = await say(colleague, room.id, 'from a moderator');
    const byUser = await say(user, room.id, 'from a user');

    // The moderator's history says so before any click.
    const seen = await history(moderator, room.id);
    const abilityOf = (id: number) => seen.find((m) => m.id === id)?.abilities?.delete_for_everyone;
    expect([abilityOf(byAdmin.id), abilityOf(byColleague.id), abilityOf(byUser.id)]).toEqual([
      false,
      false,
      true,
    ]);

    const refused = await deleteForEveryone(moderator, byAdmin.id);
    expect(refused.statusCode).toBe(403);
    expect(json<{ message: string }>(refused).message).toMatch(/\S/);
    expect((await deleteForEveryone(moderator, byColleague.id)).statusCode).toBe(403);
    expect((await history(user, room.id)).map((m) => m.id)).toEqual(
      expect.arrayContaining([byAdmin.id, byColleague.id]),
    );
    // Below them, as sanctions go: a user's message, and an admin over a moderator's.
    expect((await deleteForEveryone(moderator, byUser.id)).statusCode).toBe(204);
    expect((await deleteForEveryone(admin, byColleague.id)).statusCode).toBe(204);
    // Nobody else deletes an admin's message but the admin.
    expect((await deleteForEveryone(admin, byAdmin.id)).statusCode).toBe(204);
  });

  it("leaves a troll's messages out of others' history and catch-up, not the troll's or staff's", async () => {
    const room = await buildRoom(t.app);
    const troll = await memberOf(t.app, room.id);
    const other = await memberOf(t.app, room.id);
    const moderator = await memberOf(t.app, room.id, { role: 'moderator' });
    const before = await say(other, room.id, 'before');
    expect((await markTroll(moderator, troll.user.id)).statusCode).toBe(204);
    const trolled = await say(troll, room.id, 'trolling');
    const after = await say(other, room.id, 'after');

    const ids = async (who: Client, query = '') =>
      (await history(who, room.id, query)).map((m) => m.id);
    expect(await ids(other)).toEqual([before.id, after.id]);
    expect(await ids(other, `?after=${before.id}`)).toEqual([after.id]);
    expect(await ids(troll)).toEqual([before.id, trolled.id, after.id]);
    expect(await ids(moderator, `?after=${before.id}`)).toEqual([trolled.id, after.id]);
    // The room's page answers the same.
    const page = json<{ data: { messages: ChatMessage[] } }>(
      await other.asBrowser({ method: 'GET', url: `/api/room/${room.id}` }),
    ).data;
    expect(page.messages.map((m) => m.id)).not.toContain(trolled.id);
  });
});

describe('a troll on the socket', () => {
  const node = useListeningApp();
  const { socketOf } = node;

  it("sends a troll's MessageStored to the troll and those who see trolls only", async () => {
    const room = await buildRoom(node.t.app);
    const troll = await memberOf(node.t.app, room.id);
    const other = await memberOf(node.t.app, room.id);
    const moderator = await memberOf(node.t.app, room.id, { role: 'moderator' });
    await moderator.asBrowser({ method: 'POST', url: `/api/moderation/trolls/${troll.user.id}` });
    const heard = async (who: Client) =>
      collect<ChatMessage>(
        await subscribed(await socketOf(who), roomChannel(room.id)),
        'MessageStored',
      );
    const atTroll = await heard(troll);
    const atOther = await heard(other);
    const atModerator = await heard(moderator);

    await troll.asBearer({
      method: 'POST',
      url: `/api/room/${room.id}/message`,
      payload: { text: 'only for some', client_id: clientId() },
    });
    await other.asBearer({
      method: 'POST',
      url: `/api/room/${room.id}/message`,
      payload: { text: 'for everyone', client_id: clientId() },
    });
    await waitUntil(() => atOther.length === 1 && atModerator.length === 2 && atTroll.length === 2);
    await sleep(150);
    expect(atOther.map((m) => m.text)).toEqual(['for everyone']);
    expect(atModerator.map((m) => m.text)).toEqual(['only for some', 'for everyone']);
    expect(atTroll.map((m) => m.text)).toEqual(['only for some', 'for everyone']);
  });
});

import type { ImChannel, ImMessage } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { completeAttachment, linksOf } from '../../test/attachment-rows';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { clientId, recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';

const dialects = await testDialects();

describe.each(dialects)('a private message commits with its attachments on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { MESSAGE_RATE_LIMIT: '1000' });
  });
  afterAll(async () => t.close());

  const person = async () => signedIn(t.app, await buildUser(t.app));
  const channelWith = async (a: Client, b: Client) => {
    const res = await a.asBrowser({
      method: 'POST',
      url: '/api/im/channels',
      payload: { user_id: b.user.id },
    });
    return json<{ data: ImChannel }>(res).data;
  };
  const send = (client: Client, channelId: number, body: Record<string, unknown>) =>
    client.asBrowser({
      method: 'POST',
      url: `/api/im/channel/${channelId}`,
      payload: { text: 'look', client_id: clientId(), ...body },
    });
  const byClientId = (userId: number, id: string) =>
    t.database.db
      .selectFrom('im_messages')
      .select('id')
      .where('user_id', '=', userId)
      .where('client_id', '=', id)
      .execute();
  const unread = async (channelId: number, userId: number) =>
    (
      await t.database.db
        .selectFrom('im_channel_users')
        .select('unread_count')
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).unread_count;

  it('stores the message and its links together', async () => {
    const [a, b] = [await person(), await person()];
    const channel = await channelWith(a, b);
    const picture = await completeAttachment(t.app, a.user.id);
    const res = await send(a, channel.id, { attachments: [picture] });
    expect(res.statusCode, res.body).toBe(201);
    const message = json<{ data: ImMessage }>(res).data;
    expect(await linksOf(t.app, picture)).toEqual([{ kind: 'im', ref_id: message.id }]);
  });

  it('a message whose links fail is not stored either: no row, no unread, no event; a retry stores both', async () => {
    const [a, b] = [await person(), await person()];
    const channel = await channelWith(a, b);
    const picture = await completeAttachment(t.app, a.user.id);
    const stored = recordEvents(t.app, 'im.message.stored');
    const link = vi
      .spyOn(t.app.deps.attachments, 'link')
      .mockRejectedValueOnce(new Error('the links could not be written'));
    const id = clientId();
    try {
      const res = await send(a, channel.id, { attachments: [picture], client_id: id });
      expect(res.statusCode, res.body).toBe(500);
      expect(link).toHaveBeenCalledTimes(1);
    } finally {
      link.mockRestore();
    }
    expect(await byClientId(a.user.id, id)).toEqual([]);
    expect(await linksOf(t.app, picture)).toEqual([]);
    expect(await unread(channel.id, b.user.id)).toBe(0);
    expect(stored).toEqual([]);

    const retry = await send(a, channel.id, { attachments: [picture], client_id: id });
    expect(retry.statusCode, retry.body).toBe(201);
    const message = json<{ data: ImMessage }>(retry).data;
    expect(await linksOf(t.app, picture)).toEqual([{ kind: 'im', ref_id: message.id }]);
    expect(await unread(channel.id, b.user.id)).toBe(1);
    expect(stored.map((e) => e.message.id)).toEqual([message.id]);
  });

  it('a retry of a stored message with attachments answers the first, linked once', async () => {
    const [a, b] = [await person(), await person()];
    const channel = await channelWith(a, b);
    const picture = await completeAttachment(t.app, a.user.id);
    const id = clientId();
    const first = await send(a, channel.id, { attachments: [picture], client_id: id });
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(a, channel.id, { attachments: [picture], client_id: id });
    expect(again.statusCode, again.body).toBe(200);
    expect(json<{ data: ImMessage }>(again).data.id).toBe(json<{ data: ImMessage }>(first).data.id);
    expect(await linksOf(t.app, picture)).toHaveLength(1);
  });
});

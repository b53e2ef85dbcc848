import type { ChatMessage } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { completeAttachment, linksOf } from '../../test/attachment-rows';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom, clientId, memberOf, recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { json, type Client } from '../../test/factories';

const dialects = await testDialects();

describe.each(dialects)('a room message commits with its attachments on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { MESSAGE_RATE_LIMIT: '100' });
  });
  afterAll(async () => t.close());

  const send = (client: Client, roomId: number, body: Record<string, unknown>) =>
    client.asBrowser({
      method: 'POST',
      url: `/api/room/${roomId}/message`,
      payload: { text: 'look', client_id: clientId(), ...body },
    });
  const byClientId = (userId: number, id: string) =>
    t.database.db
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', userId)
      .where('client_id', '=', id)
      .execute();
  const counted = async (userId: number) =>
    (await t.app.deps.users.findById(userId))!.public_messages;

  it('stores the message and its links together', async () => {
    const room = await buildRoom(t.app);
    const anna = await memberOf(t.app, room.id);
    const picture = await completeAttachment(t.app, anna.user.id);
    const res = await send(anna, room.id, { attachments: [picture] });
    expect(res.statusCode, res.body).toBe(201);
    const message = json<{ data: ChatMessage }>(res).data;
    expect(await linksOf(t.app, picture)).toEqual([{ kind: 'room', ref_id: message.id }]);
  });

  it('a message without attachments opens no transaction of its own: the group commit stores it', async () => {
    const room = await buildRoom(t.app);
    const anna = await memberOf(t.app, room.id);
    const transactions = vi.spyOn(t.database.db, 'transaction');
    try {
      const res = await send(anna, room.id, {});
      expect(res.statusCode, res.body).toBe(201);
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      transactions.mockRestore();
    }
  });

  it('a message whose links fail is not stored either: no row, no counter, no event; a retry stores both', async () => {
    const room = await buildRoom(t.app);
    const anna = await memberOf(t.app, room.id);
    const picture = await completeAttachment(t.app, anna.user.id);
    const before = await counted(anna.user.id);
    const stored = recordEvents(t.app, 'chat.message.stored');
    const link = vi
      .spyOn(t.app.deps.attachments, 'link')
      .mockRejectedValueOnce(new Error('the links could not be written'));
    const id = clientId();
    try {
      const res = await send(anna, room.id, { attachments: [picture], client_id: id });
      expect(res.statusCode, res.body).toBe(500);
      expect(link).toHaveBeenCalledTimes(1);
    } finally {
      link.mockRestore();
    }
    expect(await byClientId(anna.user.id, id)).toEqual([]);
    expect(await linksOf(t.app, picture)).toEqual([]);
    expect(await counted(anna.user.id)).toBe(before);
    expect(stored).toEqual([]);

    const retry = await send(anna, room.id, { attachments: [picture], client_id: id });
    expect(retry.statusCode, retry.body).toBe(201);
    const message = json<{ data: ChatMessage }>(retry).data;
    expect(await linksOf(t.app, picture)).toEqual([{ kind: 'room', ref_id: message.id }]);
    expect(await counted(anna.user.id)).toBe(before + 1);
    expect(stored.map((e) => e.message.id)).toEqual([message.id]);
  });

  it('a message the insert refuses (gagged meanwhile) links nothing', async () => {
    const room = await buildRoom(t.app);
    const anna = await memberOf(t.app, room.id);
    const picture = await completeAttachment(t.app, anna.user.id);
    // Written behind the session cache's back: only the insert's own check sees it.
    await t.database.db
      .updateTable('users')
      .set({ gag_until: new Date(Date.now() + 3600_000).toISOString() })
      .where('id', '=', anna.user.id)
      .execute();
    const id = clientId();
    const res = await send(anna, room.id, { attachments: [picture], client_id: id });
    expect(res.statusCode, res.body).toBe(403);
    expect(await byClientId(anna.user.id, id)).toEqual([]);
    expect(await linksOf(t.app, picture)).toEqual([]);
  });
});

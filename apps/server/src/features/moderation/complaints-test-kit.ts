import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { BanWire, ComplaintWire } from '@chat/shared';
import { nowIso } from '../../lib/clock';
import { buildRoom, clientId } from '../../test/chat-fixtures';
import { buildUser, json, signedIn, type Client } from '../../test/factories';

/** Fixtures of the complaints tests: things to complain about, straight in the database. */

export const person = async (app: FastifyInstance, role = 'user') =>
  signedIn(app, await buildUser(app, { role }));

export async function roomMessage(
  app: FastifyInstance,
  author: Client,
  opts: { isPublic?: boolean; text?: string } = {},
) {
  const db = app.deps.database.db;
  const room = await buildRoom(app, { is_public: opts.isPublic === false ? 0 : 1 });
  await db
    .insertInto('room_users')
    .values({
      room_id: room.id,
      user_id: author.user.id,
      position: 1,
      state_id: 1,
      invisible: 0,
      entered_at: nowIso(),
    })
    .execute();
  return db
    .insertInto('messages')
    .values({
      room_id: room.id,
      user_id: author.user.id,
      type_id: 1,
      text: opts.text ?? `hello ${clientId()}`,
      nicks: '[]',
      attachments: '[]',
      client_id: clientId(),
      created_at: nowIso(),
      deleted_at: null,
      gif_id: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function imMessage(app: FastifyInstance, author: Client, other: Client) {
  const db = app.deps.database.db;
  const at = nowIso();
  const channel = await db
    .insertInto('im_channels')
    .values({
      user_low_id: Math.min(author.user.id, other.user.id),
      user_high_id: Math.max(author.user.id, other.user.id),
      last_message_id: null,
      created_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return db
    .insertInto('im_messages')
    .values({
      channel_id: channel.id,
      user_id: author.user.id,
      text: `private ${clientId()}`,
      attachments: '[]',
      client_id: clientId(),
      read_at: null,
      created_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function photo(app: FastifyInstance, owner: Client, status = 'accepted') {
  const db = app.deps.database.db;
  const at = nowIso();
  const attachment = await db
    .insertInto('attachments')
    .values({
      user_id: owner.user.id,
      purpose: 'photo',
      status: 'complete',
      mime: 'image/jpeg',
      width: 10,
      height: 10,
      size: 100,
      adult: 0,
      adult_marked: 0,
      original_key: null,
      file_key: `files/${clientId()}.jpg`,
      thumb_key: null,
      error: null,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return db
    .insertInto('profile_photos')
    .values({
      user_id: owner.user.id,
      attachment_id: attachment.id,
      status,
      position: 1,
      created_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A sanction given through the API by `moderator`. */
export async function banOf(
  moderator: Client,
  user: Client,
  type: 'gag' | 'ban' | 'full_ban' = 'gag',
): Promise<BanWire> {
  const res = await moderator.asBrowser({
    method: 'POST',
    url: '/api/moderation/bans',
    payload: { user_id: user.user.id, type, period: '1h', reason: 'behavior' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: BanWire }>(res).data;
}

export const file = (who: Client, payload: Record<string, unknown>) =>
  who.asBrowser({ method: 'POST', url: '/api/complaints', payload });

export const complaintOf = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return json<{ data: ComplaintWire }>(res).data;
};

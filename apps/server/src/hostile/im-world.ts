/**
 * The private-messages part of the hostile world (kit.ts): a channel of owner and peer with a
 * message of each, and a channel of stranger and outsider nobody else may touch; plus the IM
 * routes of the sweep's catalogue.
 */
import type { Kysely } from 'kysely';
import type { DB, ImChannelRow } from '../db/schema';
import { clientId } from '../test/chat-fixtures';
import type { Client } from '../test/factories';
import type { ImWorld, RouteCase, World } from './world';

async function pair(db: Kysely<DB>, a: Client, b: Client, at: string) {
  const channel = await db
    .insertInto('im_channels')
    .values({
      user_low_id: Math.min(a.user.id, b.user.id),
      user_high_id: Math.max(a.user.id, b.user.id),
      last_message_id: null,
      created_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('im_channel_users')
    .values([
      { channel_id: channel.id, user_id: a.user.id, other_id: b.user.id, activity_at: at },
      { channel_id: channel.id, user_id: b.user.id, other_id: a.user.id, activity_at: at },
    ])
    .execute();
  return channel;
}

async function message(db: Kysely<DB>, channel: ImChannelRow, author: Client, at: string) {
  const row = await db
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
  await db
    .updateTable('im_channel_users')
    .set((eb) => ({ unread_count: eb('unread_count', '+', 1) }))
    .where('channel_id', '=', channel.id)
    .where('user_id', '!=', author.user.id)
    .execute();
  await db
    .updateTable('im_channels')
    .set({ last_message_id: row.id })
    .where('id', '=', channel.id)
    .execute();
  return row;
}

export async function buildImWorld(
  db: Kysely<DB>,
  people: { owner: Client; peer: Client; stranger: Client; outsider: Client },
  at: string,
): Promise<ImWorld> {
  const channel = await pair(db, people.owner, people.peer, at);
  const ownMessage = await message(db, channel, people.owner, at);
  const peerMessage = await message(db, channel, people.peer, at);
  const strangerChannel = await pair(db, people.stranger, people.outsider, at);
  const strangerMessage = await message(db, strangerChannel, people.stranger, at);
  return { channel, ownMessage, peerMessage, strangerChannel, strangerMessage };
}

export const IM_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/im/channels',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/im/channels',
      payload: { user_id: w.outsider.user.id },
    }),
  },
  {
    route: 'POST /api/im/channel/:channelId',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: `/api/im/channel/${w.im.channel.id}`,
      payload: { text: `hi ${clientId()}`, client_id: clientId() },
    }),
  },
  {
    route: 'POST /api/im/channel/:channelId/read',
    access: 'user',
    body: false,
    realPost: true,
    actor: (w) => w.peer,
    call: (w) => ({ method: 'POST', url: `/api/im/channel/${w.im.channel.id}/read` }),
  },
  {
    route: 'DELETE /api/im/message/:id',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'DELETE', url: `/api/im/message/${w.im.ownMessage.id}` }),
  },
  {
    route: 'POST /api/im/message/:id/restore',
    access: 'registered',
    body: false,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'POST', url: `/api/im/message/${w.im.ownMessage.id}/restore` }),
  },
];

/** Who may write to the owner: a field of the my module's profile form. */
export const IM_PRIVACY_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'PATCH /api/my/profile',
    access: 'registered',
    body: true,
    emptyBodyOk: true,
    realPost: false,
    actor: (w) => w.owner,
    call: () => ({ method: 'PATCH', url: '/api/my/profile', payload: { im_privacy: 'friends' } }),
  },
];

export const IM_SAFE_ROUTES: { route: string; url(w: World): string; access: 'user' }[] = [
  { route: 'GET /api/im/channels', url: () => '/api/im/channels?page=1', access: 'user' },
  {
    route: 'GET /api/im/message/:channelId',
    url: (w) => `/api/im/message/${w.im.channel.id}?page=1`,
    access: 'user',
  },
];

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { ForumPost, ForumThread } from '@chat/shared';
import type { UserRow } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { buildUser, json, signedIn, type Client } from '../../test/factories';

/** Helpers of the forum's HTTP tests: categories straight in the database, the rest by HTTP. */
let serial = 0;

export async function category(
  app: FastifyInstance,
  o: { startPermission?: string; name?: string } = {},
): Promise<{ id: number; slug: string }> {
  serial += 1;
  const slug = `cat-${serial}-${Math.random().toString(36).slice(2, 7)}`;
  const at = nowIso();
  const { id } = await app.deps.database.db
    .insertInto('forum_categories')
    .values({
      slug,
      name_ru: o.name ?? 'Общение',
      name_en: o.name ?? 'General talk',
      start_permission: o.startPermission ?? 'forum.post',
      position: serial,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, slug };
}

export async function person(
  app: FastifyInstance,
  role: UserRow['role'] = 'user',
  nick?: string,
): Promise<Client> {
  return signedIn(app, await buildUser(app, { role, ...(nick ? { nick } : {}) }));
}

export const clientId = () => randomUUID();

export function startThread(
  who: Client,
  categorySlug: string,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return who.asBrowser({
    method: 'POST',
    url: `/api/forum/categories/${categorySlug}/threads`,
    payload: { subject: 'Привет всем', text: 'Первое сообщение', client_id: clientId(), ...body },
  });
}

export async function thread(
  who: Client,
  categorySlug: string,
  body: Record<string, unknown> = {},
) {
  const res = await startThread(who, categorySlug, body);
  if (res.statusCode !== 201) throw new Error(`thread: ${res.statusCode} ${res.body}`);
  return json<{ data: ForumThread }>(res).data;
}

export function replyIn(
  who: Client,
  threadSlug: string,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return who.asBrowser({
    method: 'POST',
    url: `/api/forum/threads/${threadSlug}/posts`,
    payload: { text: 'Ответ', client_id: clientId(), ...body },
  });
}

export async function reply(who: Client, threadSlug: string, body: Record<string, unknown> = {}) {
  const res = await replyIn(who, threadSlug, body);
  if (res.statusCode !== 201) throw new Error(`reply: ${res.statusCode} ${res.body}`);
  return json<{ data: ForumPost }>(res).data;
}

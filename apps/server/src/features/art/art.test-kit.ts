import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { ArtPost } from '@chat/shared';
import type { UserRow } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { completeAttachment } from '../../test/attachment-rows';
import { buildUser, json, signedIn, type Client } from '../../test/factories';

/** Helpers of the art section's HTTP tests: groups and uploads in the database, the rest by HTTP. */
let serial = 0;

export async function group(app: FastifyInstance): Promise<{ id: number; slug: string }> {
  serial += 1;
  const slug = `group-${serial}-${Math.random().toString(36).slice(2, 7)}`;
  const at = nowIso();
  const { id } = await app.deps.database.db
    .insertInto('art_groups')
    .values({
      slug,
      name_ru: 'Рисунки',
      name_en: 'Drawings',
      description_ru: 'Рисуем',
      description_en: 'We draw',
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
): Promise<Client> {
  return signedIn(app, await buildUser(app, { role }));
}

export const clientId = () => randomUUID();

/** A complete `purpose=art` upload of the person's. */
export const picture = (app: FastifyInstance, who: Client) =>
  completeAttachment(app, who.user.id, 'art');

export async function publishIn(
  app: FastifyInstance,
  who: Client,
  groupSlug: string,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  const attachments = body.attachments ?? [await picture(app, who)];
  return who.asBrowser({
    method: 'POST',
    url: `/api/art/groups/${groupSlug}/posts`,
    payload: { title: 'Закат', text: 'Над *морем*', client_id: clientId(), ...body, attachments },
  });
}

export async function publish(
  app: FastifyInstance,
  who: Client,
  groupSlug: string,
  body: Record<string, unknown> = {},
): Promise<ArtPost> {
  const res = await publishIn(app, who, groupSlug, body);
  if (res.statusCode !== 201) throw new Error(`publish: ${res.statusCode} ${res.body}`);
  return json<{ data: ArtPost }>(res).data;
}

export function commentOn(
  who: Client,
  postId: number,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return who.asBrowser({
    method: 'POST',
    url: `/api/art/posts/${postId}/comments`,
    payload: { text: 'Красиво!', client_id: clientId(), ...body },
  });
}

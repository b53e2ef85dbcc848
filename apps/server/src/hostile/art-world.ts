/**
 * The art section in the hostile world (kit.ts): a group with a post of the owner's and one of
 * the peer's, a comment of each, the owner's spare `purpose=art` upload, written straight to
 * the database, and the art section's cases in the sweep's catalogue (the art module's entry in
 * module-cases.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Client } from '../test/factories';
import type { ArtWorld, RouteCase, SafeRouteCase } from './world';

let serial = 0;

export async function buildArtWorld(
  db: Kysely<DB>,
  people: { owner: Client; peer: Client },
  at: string,
): Promise<ArtWorld> {
  serial += 1;
  const tag = `${serial}-${Math.random().toString(36).slice(2, 8)}`;
  const group = await db
    .insertInto('art_groups')
    .values({
      slug: `hostile-${tag}`,
      name_ru: 'Рисунки',
      name_en: 'Drawings',
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const upload = (owner: Client) =>
    db
      .insertInto('attachments')
      .values({
        user_id: owner.user.id,
        purpose: 'art',
        status: 'complete',
        mime: 'image/png',
        width: 40,
        height: 30,
        size: 1234,
        adult: 0,
        adult_marked: 0,
        original_key: null,
        file_key: `files/hostile-${tag}-${owner.user.id}-${Math.random().toString(36).slice(2)}.png`,
        thumb_key: `files/hostile-${tag}-${owner.user.id}-${Math.random().toString(36).slice(2)}.webp`,
        error: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const post = async (author: Client, name: string) => {
    const row = await db
      .insertInto('art_posts')
      .values({
        group_id: group.id,
        author_id: author.user.id,
        slug: `hostile-${name}-${tag}`,
        title: 'Hostile',
        text: 'Art',
        html: '<p>Art</p>',
        status: 'accepted',
        client_id: null,
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const picture = await upload(author);
    await db
      .insertInto('art_post_pictures')
      .values({ post_id: row.id, attachment_id: picture.id, position: 0 })
      .execute();
    return row;
  };
  const ownPost = await post(people.owner, 'own');
  const peerPost = await post(people.peer, 'peer');
  const comment = (author: Client) =>
    db
      .insertInto('art_comments')
      .values({
        post_id: peerPost.id,
        author_id: author.user.id,
        text: 'Nice',
        html: '<p>Nice</p>',
        status: 'accepted',
        client_id: null,
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  const ownComment = await comment(people.owner);
  await comment(people.peer);
  const spare = await upload(people.owner);
  return { group, ownPost, peerPost, ownComment, uploadId: spare.id };
}

const fresh = () => `hostile-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

export const ART_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/art/groups/:slug/posts',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: `/api/art/groups/${w.art.group.slug}/posts`,
      payload: {
        title: 'A title',
        text: 'A text',
        attachments: [w.art.uploadId],
        client_id: fresh(),
      },
    }),
  },
  {
    route: 'PATCH /api/art/posts/:id',
    access: 'registered',
    body: true,
    emptyBodyOk: true,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'PATCH',
      url: `/api/art/posts/${w.art.ownPost.id}`,
      payload: { title: 'Edited' },
    }),
  },
  {
    route: 'DELETE /api/art/posts/:id',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'DELETE', url: `/api/art/posts/${w.art.ownPost.id}` }),
  },
  {
    route: 'POST /api/art/posts/:id/like',
    access: 'registered',
    body: false,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'POST', url: `/api/art/posts/${w.art.peerPost.id}/like` }),
  },
  {
    route: 'DELETE /api/art/posts/:id/like',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'DELETE', url: `/api/art/posts/${w.art.peerPost.id}/like` }),
  },
  {
    route: 'POST /api/art/posts/:id/comments',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: `/api/art/posts/${w.art.peerPost.id}/comments`,
      payload: { text: 'A comment', client_id: fresh() },
    }),
  },
  {
    route: 'DELETE /api/art/comments/:id',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'DELETE', url: `/api/art/comments/${w.art.ownComment.id}` }),
  },
];

export const ART_SAFE_ROUTES: SafeRouteCase[] = [
  { route: 'GET /api/art/groups', url: () => '/api/art/groups', access: 'public' },
  {
    route: 'GET /api/art/groups/:slug',
    url: (w) => `/api/art/groups/${w.art.group.slug}?sort=top`,
    access: 'public',
  },
  { route: 'GET /api/art', url: (w) => `/api/art?user=${w.owner.user.id}`, access: 'public' },
  {
    route: 'GET /api/art/posts/:slug',
    url: (w) => `/api/art/posts/${w.art.peerPost.slug}`,
    access: 'public',
  },
  {
    route: 'GET /api/art/posts/:id/comments',
    url: (w) => `/api/art/posts/${w.art.peerPost.id}/comments?page=1`,
    access: 'public',
  },
];

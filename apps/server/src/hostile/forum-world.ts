/**
 * The forum in the hostile world (kit.ts): a category with the owner's thread, the owner's
 * reply and the peer's, written straight to the database, and the forum's cases in the sweep's
 * catalogue (the forum module's entry in module-cases.ts). H2's forum moderation and watches
 * add their cases to these lists.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Client } from '../test/factories';
import type { ForumWorld, RouteCase, SafeRouteCase } from './world';

let serial = 0;

export async function buildForumWorld(
  db: Kysely<DB>,
  people: { owner: Client; peer: Client },
  at: string,
): Promise<ForumWorld> {
  serial += 1;
  const tag = `${serial}-${Math.random().toString(36).slice(2, 8)}`;
  const category = await db
    .insertInto('forum_categories')
    .values({
      slug: `hostile-${tag}`,
      name_ru: 'Общение',
      name_en: 'Talk',
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const thread = await db
    .insertInto('forum_threads')
    .values({
      category_id: category.id,
      slug: `hostile-thread-${tag}`,
      subject: 'Hostile',
      author_id: people.owner.user.id,
      last_posted_at: at,
      client_id: null,
      created_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const post = (number: number, author: Client) =>
    db
      .insertInto('forum_posts')
      .values({
        thread_id: thread.id,
        number,
        author_id: author.user.id,
        text: `Post ${number}`,
        html: `<p>Post ${number}</p>`,
        reply_to_id: null,
        client_id: null,
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  const first = await post(1, people.owner);
  const ownPost = await post(2, people.owner);
  const peerPost = await post(3, people.peer);
  await db
    .updateTable('forum_threads')
    .set({ first_post_id: first.id, last_post_id: peerPost.id, posts_count: 3 })
    .where('id', '=', thread.id)
    .execute();
  await db
    .insertInto('reactions')
    .values({
      likeable_type: 'forum_post',
      likeable_id: peerPost.id,
      user_id: people.owner.user.id,
      reaction: 'like',
      created_at: at,
    })
    .execute();
  return { category, thread, ownPost, peerPost };
}

const fresh = () => `hostile-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

export const FORUM_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/forum/categories/:slug/threads',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: `/api/forum/categories/${w.forum.category.slug}/threads`,
      payload: { subject: 'A subject', text: 'A text', client_id: fresh() },
    }),
  },
  {
    route: 'POST /api/forum/threads/:slug/posts',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: `/api/forum/threads/${w.forum.thread.slug}/posts`,
      payload: { text: 'A reply', client_id: fresh() },
    }),
  },
  {
    route: 'PATCH /api/forum/posts/:id',
    access: 'registered',
    body: true,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'PATCH',
      url: `/api/forum/posts/${w.forum.ownPost.id}`,
      payload: { text: 'Edited' },
    }),
  },
  {
    route: 'DELETE /api/forum/posts/:id',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'DELETE', url: `/api/forum/posts/${w.forum.ownPost.id}` }),
  },
  {
    route: 'POST /api/forum/posts/:id/reactions',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: `/api/forum/posts/${w.forum.peerPost.id}/reactions`,
      payload: { reaction: 'love' },
    }),
  },
  {
    route: 'DELETE /api/forum/posts/:id/reactions/:reaction',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'DELETE',
      url: `/api/forum/posts/${w.forum.peerPost.id}/reactions/like`,
    }),
  },
  {
    route: 'POST /api/forum/preview',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: () => ({ method: 'POST', url: '/api/forum/preview', payload: { text: '*hi*' } }),
  },
  // H2's: a moderator's changes to a thread, following one.
  {
    route: 'POST /api/forum/threads/:slug/moderate',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.moderator,
    call: (w) => ({
      method: 'POST',
      url: `/api/forum/threads/${w.forum.thread.slug}/moderate`,
      payload: { pinned: true },
    }),
  },
  {
    route: 'POST /api/forum/threads/:slug/watch',
    access: 'registered',
    body: false,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'POST', url: `/api/forum/threads/${w.forum.thread.slug}/watch` }),
  },
  {
    route: 'DELETE /api/forum/threads/:slug/watch',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'DELETE', url: `/api/forum/threads/${w.forum.thread.slug}/watch` }),
  },
];

export const FORUM_SAFE_ROUTES: SafeRouteCase[] = [
  { route: 'GET /api/forum/categories', url: () => '/api/forum/categories', access: 'public' },
  {
    route: 'GET /api/forum/categories/:slug',
    url: (w) => `/api/forum/categories/${w.forum.category.slug}`,
    access: 'public',
  },
  {
    route: 'GET /api/forum/threads/:slug',
    url: (w) => `/api/forum/threads/${w.forum.thread.slug}`,
    access: 'public',
  },
  { route: 'GET /api/forum/latest', url: () => '/api/forum/latest?limit=5', access: 'public' },
];

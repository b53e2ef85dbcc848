import type { SearchHit } from '@chat/shared';
import { sql } from 'kysely';
import { forumPostsFoundBy, forumThreadsFoundBy } from '../../../access/search.policy';
import type { UserRow } from '../../../db/schema';
import { presentPublicUser } from '../../users/user.presenter';
import type { SearchIndex } from '../search-driver';
import type { HitRef, SearchSource, SourceRequest } from '../search-registry';
import { makeSnippet } from '../snippet';

const THREADS: SearchIndex = {
  fts: 'search_forum_threads',
  id: 'forum_threads.id',
  text: 'forum_threads.subject',
};
const POSTS: SearchIndex = {
  fts: 'search_forum_posts',
  id: 'forum_posts.id',
  text: 'forum_posts.text',
};

/** Threads by subject and posts by text, each filtered by access/search.policy.ts, as one list. */
function matching({ db, driver, viewer, query }: SourceRequest) {
  const threads = db
    .selectFrom('forum_threads')
    .leftJoin('users', 'users.id', 'forum_threads.author_id')
    .where(driver.matches(THREADS, query))
    .where(forumThreadsFoundBy(viewer))
    .select([
      sql<string>`'forum_thread'`.as('type'),
      'forum_threads.id as id',
      'forum_threads.created_at as created_at',
      'forum_threads.subject as text',
    ]);
  const posts = db
    .selectFrom('forum_posts')
    .innerJoin('forum_threads', 'forum_threads.id', 'forum_posts.thread_id')
    .leftJoin('users', 'users.id', 'forum_posts.author_id')
    .where(driver.matches(POSTS, query))
    .where(forumPostsFoundBy(viewer))
    .select([
      sql<string>`'forum_post'`.as('type'),
      'forum_posts.id as id',
      'forum_posts.created_at as created_at',
      'forum_posts.text as text',
    ]);
  return db.selectFrom(threads.unionAll(posts).as('hits'));
}

export const forumSearchSource: SearchSource = {
  scope: 'forum',

  async refs(request, { limit, offset }, withText) {
    const rows = await matching(request)
      .select(['hits.type', 'hits.id', 'hits.created_at', 'hits.text'])
      .orderBy('hits.created_at', 'desc')
      .orderBy('hits.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r): HitRef => ({
      type: r.type === 'forum_thread' ? 'forum_thread' : 'forum_post',
      id: r.id,
      created_at: r.created_at,
      ...(withText ? { text: r.text } : {}),
    }));
  },

  async count(request, cap) {
    const limited = matching(request).select('hits.id').limit(cap);
    const row = await request.db
      .selectFrom(limited.as('m'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async hits(request, refs) {
    const { db } = request;
    const threadIds = refs.filter((r) => r.type === 'forum_thread').map((r) => r.id);
    const postIds = refs.filter((r) => r.type === 'forum_post').map((r) => r.id);
    const [threads, posts] = await Promise.all([
      threadIds.length === 0
        ? []
        : db
            .selectFrom('forum_threads')
            .select(['id', 'slug', 'subject', 'author_id', 'first_post_id', 'created_at'])
            .where('id', 'in', threadIds)
            .execute(),
      postIds.length === 0
        ? []
        : db
            .selectFrom('forum_posts')
            .innerJoin('forum_threads', 'forum_threads.id', 'forum_posts.thread_id')
            .select([
              'forum_posts.id',
              'forum_posts.text',
              'forum_posts.author_id',
              'forum_posts.created_at',
              'forum_threads.slug',
              'forum_threads.subject',
            ])
            .where('forum_posts.id', 'in', postIds)
            .execute(),
    ]);
    const authorIds = [...threads, ...posts].flatMap((r) =>
      r.author_id === null ? [] : [r.author_id],
    );
    const authors = new Map<number, UserRow>();
    if (authorIds.length > 0) {
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where('id', 'in', [...new Set(authorIds)])
        .execute();
      for (const u of rows) authors.set(u.id, u);
    }
    const author = (id: number | null) => {
      const user = id === null ? undefined : authors.get(id);
      return user ? presentPublicUser(user) : null;
    };
    const threadById = new Map(threads.map((t) => [t.id, t]));
    const postById = new Map(posts.map((p) => [p.id, p]));
    return refs.flatMap((ref): SearchHit[] => {
      if (ref.type === 'forum_thread') {
        const t = threadById.get(ref.id);
        if (!t) return [];
        return [
          {
            type: 'forum_thread',
            id: t.id,
            link: { kind: 'forum', thread_slug: t.slug, post_id: t.first_post_id ?? 0 },
            title: t.subject,
            snippet: makeSnippet(t.subject, request.query),
            author: author(t.author_id),
            created_at: t.created_at,
          },
        ];
      }
      const p = postById.get(ref.id);
      if (!p) return [];
      return [
        {
          type: 'forum_post',
          id: p.id,
          link: { kind: 'forum', thread_slug: p.slug, post_id: p.id },
          title: p.subject,
          snippet: makeSnippet(p.text, request.query),
          author: author(p.author_id),
          created_at: p.created_at,
        },
      ];
    });
  },
};

import type { SearchHit } from '@chat/shared';
import { sql } from 'kysely';
import { forumPostsFoundBy, forumThreadsFoundBy } from '../../../access/search.policy';
import { renderedAsText } from '../../content/markdown';
import {
  countMatching,
  newestMatching,
  rowsCounted,
  type IdSlice,
  type SearchIndex,
} from '../search-driver';
import type { SearchSource, SourceRequest } from '../search-registry';
import { hitAuthors, newestFirst, refsOf } from './source-kit';
import { makeSnippet } from '../snippet';

const THREADS: SearchIndex<'forum_threads'> = {
  fts: 'search_forum_threads',
  table: 'forum_threads',
  text: 'subject',
};
const POSTS: SearchIndex<'forum_posts'> = {
  fts: 'search_forum_posts',
  table: 'forum_posts',
  text: 'text',
};

/** Threads found by subject in one id slice, filtered by access/search.policy.ts. */
function threadsIn({ db, driver, viewer, query }: SourceRequest, slice: IdSlice) {
  return driver
    .from(db, THREADS, query, slice)
    .leftJoin('users', 'users.id', 'forum_threads.author_id')
    .where(forumThreadsFoundBy(viewer));
}

/** Posts found by text in one id slice, filtered by access/search.policy.ts. */
function postsIn({ db, driver, viewer, query }: SourceRequest, slice: IdSlice) {
  return driver
    .from(db, POSTS, query, slice)
    .innerJoin('forum_threads', 'forum_threads.id', 'forum_posts.thread_id')
    .leftJoin('users', 'users.id', 'forum_posts.author_id')
    .where(forumPostsFoundBy(viewer));
}

/**
 * Threads and posts are two indexes: each gives its newest `offset + limit` (ids grow with
 * time, so each is read newest first by id and stops there) and the page is cut from the two
 * merged by date. Counts are capped the same way, threads first.
 */
export const forumSearchSource: SearchSource = {
  scope: 'forum',

  async refs(request, { limit, offset }, withText) {
    const { db, driver } = request;
    const need = offset + limit;
    const threads = await newestMatching(driver, db, THREADS, need, (slice, n) =>
      threadsIn(request, slice)
        .select(['forum_threads.id', 'forum_threads.created_at', 'forum_threads.subject as text'])
        .orderBy(driver.newest(THREADS), 'desc')
        .limit(n)
        .execute(),
    );
    const posts = await newestMatching(driver, db, POSTS, need, (slice, n) =>
      postsIn(request, slice)
        .select(['forum_posts.id', 'forum_posts.created_at'])
        .$if(withText, (q) => q.select('forum_posts.text'))
        .orderBy(driver.newest(POSTS), 'desc')
        .limit(n)
        .execute(),
    );
    const refs = [
      ...refsOf('forum_thread', threads, withText),
      ...refsOf('forum_post', posts, withText),
    ];
    return refs.sort(newestFirst).slice(offset, need);
  },

  async count(request, cap) {
    const { db, driver } = request;
    const threads = await countMatching(driver, db, THREADS, cap, (slice, n) =>
      rowsCounted(db, threadsIn(request, slice).select(sql.lit(1).as('one')).limit(n)),
    );
    const posts = await countMatching(driver, db, POSTS, cap - threads, (slice, n) =>
      rowsCounted(db, postsIn(request, slice).select(sql.lit(1).as('one')).limit(n)),
    );
    return threads + posts;
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
              'forum_posts.html',
              'forum_posts.author_id',
              'forum_posts.created_at',
              'forum_threads.slug',
              'forum_threads.subject',
            ])
            .where('forum_posts.id', 'in', postIds)
            .execute(),
    ]);
    const author = await hitAuthors(db, [...threads, ...posts]);
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
          // The words as the post shows them, without its Markdown's `**` and `>`.
          snippet: makeSnippet(renderedAsText(p.html), request.query),
          author: author(p.author_id),
          created_at: p.created_at,
        },
      ];
    });
  },
};

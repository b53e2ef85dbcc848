import type { SearchHit } from '@chat/shared';
import { sql } from 'kysely';
import { forumPostsFoundBy, forumThreadsFoundBy } from '../../../access/search.policy';
import { renderedAsText } from '../../content/markdown';
import { rowsCounted, type SearchIndex } from '../search-driver';
import type { SearchSource, SourceRequest } from '../search-registry';
import { countedInTurn, hitAuthors, newestFirst, refsOf } from './source-kit';
import { makeSnippet } from '../snippet';

const THREADS: SearchIndex<'forum_threads'> = {
  wordsTable: 'search_forum_threads',
  table: 'forum_threads',
  text: 'subject',
};
const POSTS: SearchIndex<'forum_posts'> = {
  wordsTable: 'search_forum_posts',
  table: 'forum_posts',
  text: 'text',
};

/** Threads found by subject, filtered by access/search.policy.ts. */
function threadsFound({ db, driver, viewer, query }: SourceRequest) {
  return driver
    .from(db, THREADS, query)
    .leftJoin('users', 'users.id', 'forum_threads.author_id')
    .where(forumThreadsFoundBy(viewer));
}

/** Posts found by text, filtered by access/search.policy.ts. */
function postsFound({ db, driver, viewer, query }: SourceRequest) {
  return driver
    .from(db, POSTS, query)
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
    const { driver } = request;
    const need = offset + limit;
    const threads = await threadsFound(request)
      .select(['forum_threads.id', 'forum_threads.created_at', 'forum_threads.subject as text'])
      .orderBy(driver.newest(THREADS), 'desc')
      .limit(need)
      .execute();
    const posts = await postsFound(request)
      .select(['forum_posts.id', 'forum_posts.created_at'])
      .$if(withText, (q) => q.select('forum_posts.text'))
      .orderBy(driver.newest(POSTS), 'desc')
      .limit(need)
      .execute();
    const refs = [
      ...refsOf('forum_thread', threads, withText),
      ...refsOf('forum_post', posts, withText),
    ];
    return refs.sort(newestFirst).slice(offset, need);
  },

  count(request, cap) {
    const one = sql.lit(1).as('one');
    return countedInTurn(
      cap,
      (n) => rowsCounted(request.db, threadsFound(request).select(one).limit(n)),
      (n) => rowsCounted(request.db, postsFound(request).select(one).limit(n)),
    );
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

import type { SearchHit } from '@chat/shared';
import { sql } from 'kysely';
import { commentsListedFor, listedFor } from '../../access/art-post.policy';
import type { UserRow } from '../../db/schema';
import { renderedAsText } from '../content/markdown';
import {
  countMatching,
  newestMatching,
  rowsCounted,
  type IdSlice,
  type SearchIndex,
} from '../search/search-driver';
import type { HitRef, SearchSource, SourceRequest } from '../search/search-registry';
import { makeSnippet } from '../search/snippet';
import { presentPublicUser } from '../users/user.presenter';

/** A post's title and text together (a column the database generates: 0024-art.ts). */
const POSTS: SearchIndex<'art_posts'> = {
  fts: 'search_art_posts',
  table: 'art_posts',
  text: 'search_text',
};
const COMMENTS: SearchIndex<'art_comments'> = {
  fts: 'search_art_comments',
  table: 'art_comments',
  text: 'text',
};

/** Posts found by title and text in one id slice, as the galleries list them for the viewer. */
function postsIn({ db, driver, viewer, query }: SourceRequest, slice: IdSlice) {
  return driver.from(db, POSTS, query, slice).where(listedFor(viewer));
}

/** Comments found in one id slice: those the viewer reads, of posts the viewer sees. */
function commentsIn({ db, driver, viewer, query }: SourceRequest, slice: IdSlice) {
  return driver
    .from(db, COMMENTS, query, slice)
    .innerJoin('art_posts', 'art_posts.id', 'art_comments.post_id')
    .where(listedFor(viewer))
    .where(commentsListedFor(viewer));
}

function newestFirst(a: HitRef, b: HitRef): number {
  return b.created_at.localeCompare(a.created_at) || b.id - a.id || a.type.localeCompare(b.type);
}

/**
 * `in=art`: art posts (title and text) and their comments, filtered in SQL by the art policy
 * (what a gallery or a post page would show the viewer: no deleted, held, refused or trolls'
 * post, nothing of one). Two indexes merged by date, as the forum's source does.
 */
export const artSearchSource: SearchSource = {
  scope: 'art',

  async refs(request, { limit, offset }, withText) {
    const { db, driver } = request;
    const need = offset + limit;
    const posts = await newestMatching(driver, db, POSTS, need, (slice, n) =>
      postsIn(request, slice)
        .select(['art_posts.id', 'art_posts.created_at', 'art_posts.search_text as text'])
        .orderBy(driver.newest(POSTS), 'desc')
        .limit(n)
        .execute(),
    );
    const comments = await newestMatching(driver, db, COMMENTS, need, (slice, n) =>
      commentsIn(request, slice)
        .select(['art_comments.id', 'art_comments.created_at', 'art_comments.text'])
        .orderBy(driver.newest(COMMENTS), 'desc')
        .limit(n)
        .execute(),
    );
    const refs = [
      ...posts.map((r): HitRef => ({
        type: 'art_post',
        id: r.id,
        created_at: r.created_at,
        ...(withText ? { text: r.text } : {}),
      })),
      ...comments.map((r): HitRef => ({
        type: 'art_comment',
        id: r.id,
        created_at: r.created_at,
        ...(withText ? { text: r.text } : {}),
      })),
    ];
    return refs.sort(newestFirst).slice(offset, need);
  },

  async count(request, cap) {
    const { db, driver } = request;
    const posts = await countMatching(driver, db, POSTS, cap, (slice, n) =>
      rowsCounted(db, postsIn(request, slice).select(sql.lit(1).as('one')).limit(n)),
    );
    const comments = await countMatching(driver, db, COMMENTS, cap - posts, (slice, n) =>
      rowsCounted(db, commentsIn(request, slice).select(sql.lit(1).as('one')).limit(n)),
    );
    return posts + comments;
  },

  async hits(request, refs) {
    const { db } = request;
    const postIds = refs.filter((r) => r.type === 'art_post').map((r) => r.id);
    const commentIds = refs.filter((r) => r.type === 'art_comment').map((r) => r.id);
    const [posts, comments] = await Promise.all([
      postIds.length === 0
        ? []
        : db
            .selectFrom('art_posts')
            .select(['id', 'slug', 'title', 'html', 'author_id', 'created_at'])
            .where('id', 'in', postIds)
            .execute(),
      commentIds.length === 0
        ? []
        : db
            .selectFrom('art_comments')
            .innerJoin('art_posts', 'art_posts.id', 'art_comments.post_id')
            .select([
              'art_comments.id',
              'art_comments.html',
              'art_comments.author_id',
              'art_comments.created_at',
              'art_posts.slug',
              'art_posts.title',
            ])
            .where('art_comments.id', 'in', commentIds)
            .execute(),
    ]);
    const authorIds = [...posts, ...comments].flatMap((r) =>
      r.author_id === null ? [] : [r.author_id],
    );
    const authors = new Map<number, UserRow>();
    if (authorIds.length > 0)
      for (const u of await db
        .selectFrom('users')
        .selectAll()
        .where('id', 'in', [...new Set(authorIds)])
        .execute())
        authors.set(u.id, u);
    const author = (id: number | null) => {
      const user = id === null ? undefined : authors.get(id);
      return user ? presentPublicUser(user) : null;
    };
    const postById = new Map(posts.map((p) => [p.id, p]));
    const commentById = new Map(comments.map((c) => [c.id, c]));
    return refs.flatMap((ref): SearchHit[] => {
      if (ref.type === 'art_post') {
        const p = postById.get(ref.id);
        if (!p) return [];
        const words = renderedAsText(p.html);
        return [
          {
            type: 'art_post',
            id: p.id,
            link: { kind: 'art', post_slug: p.slug, comment_id: null },
            title: p.title,
            snippet: makeSnippet(words === '' ? p.title : `${p.title}. ${words}`, request.query),
            author: author(p.author_id),
            created_at: p.created_at,
          },
        ];
      }
      const c = commentById.get(ref.id);
      if (!c) return [];
      return [
        {
          type: 'art_comment',
          id: c.id,
          link: { kind: 'art', post_slug: c.slug, comment_id: c.id },
          title: c.title,
          snippet: makeSnippet(renderedAsText(c.html), request.query),
          author: author(c.author_id),
          created_at: c.created_at,
        },
      ];
    });
  },
};

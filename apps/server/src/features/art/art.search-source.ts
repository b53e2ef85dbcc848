import type { SearchHit } from '@chat/shared';
import { sql } from 'kysely';
import { commentsListedFor, listedFor } from '../../access/art-post.policy';
import { renderedAsText } from '../content/markdown';
import { rowsCounted, type SearchIndex } from '../search/search-driver';
import type { SearchSource, SourceRequest } from '../search/search-registry';
import { countedInTurn, hitAuthors, newestFirst, refsOf } from '../search/sources/source-kit';
import { makeSnippet } from '../search/snippet';

/** A post's title and text together (a column the database generates: 0024-art.ts). */
const POSTS: SearchIndex<'art_posts'> = {
  wordsTable: 'search_art_posts',
  table: 'art_posts',
  text: 'search_text',
};
const COMMENTS: SearchIndex<'art_comments'> = {
  wordsTable: 'search_art_comments',
  table: 'art_comments',
  text: 'text',
};

/** Posts found by title and text, as the galleries list them for the viewer. */
function postsFound({ db, driver, viewer, query }: SourceRequest) {
  return driver.from(db, POSTS, query).where(listedFor(viewer));
}

/** Comments found: those the viewer reads, of posts the viewer sees. */
function commentsFound({ db, driver, viewer, query }: SourceRequest) {
  return driver
    .from(db, COMMENTS, query)
    .innerJoin('art_posts', 'art_posts.id', 'art_comments.post_id')
    .where(listedFor(viewer))
    .where(commentsListedFor(viewer));
}

/**
 * `in=art`: art posts (title and text) and their comments, filtered in SQL by the art policy
 * (what a gallery or a post page would show the viewer: no deleted, held, refused or trolls'
 * post, nothing of one). Two indexes merged by date, as the forum's source does.
 */
export const artSearchSource: SearchSource = {
  scope: 'art',

  async refs(request, { limit, offset }, withText) {
    const { driver } = request;
    const need = offset + limit;
    const posts = await postsFound(request)
      .select(['art_posts.id', 'art_posts.created_at', 'art_posts.search_text as text'])
      .orderBy(driver.newest(POSTS), 'desc')
      .limit(need)
      .execute();
    const comments = await commentsFound(request)
      .select(['art_comments.id', 'art_comments.created_at', 'art_comments.text'])
      .orderBy(driver.newest(COMMENTS), 'desc')
      .limit(need)
      .execute();
    const refs = [
      ...refsOf('art_post', posts, withText),
      ...refsOf('art_comment', comments, withText),
    ];
    return refs.sort(newestFirst).slice(offset, need);
  },

  count(request, cap) {
    const one = sql.lit(1).as('one');
    return countedInTurn(
      cap,
      (n) => rowsCounted(request.db, postsFound(request).select(one).limit(n)),
      (n) => rowsCounted(request.db, commentsFound(request).select(one).limit(n)),
    );
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
    const author = await hitAuthors(db, [...posts, ...comments]);
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

import { z } from 'zod';
import { idString } from '../schemas/fields';
import { pageMetaSchema, pageQuery } from '../schemas/paging';
import { publicUser } from '../schemas/public-user';

/**
 * One search over what the viewer may see (API.md "Search"): forum threads and posts, chat
 * history of the rooms the viewer may see, art posts, the quotes page's messages, people by nick.
 */
export const SEARCH_SCOPES = ['forum', 'art', 'quotes', 'chat', 'people'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];
export const SEARCH_SORTS = ['best', 'new'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** Longer queries are refused with 422; a query of only operators finds nothing (never a 500). */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE_SIZE = 20;
/**
 * Each tab's count stops past this ("100+"): counting every hit the viewer may see would cost
 * a search as much as its commonest words, and nobody pages that far.
 */
export const SEARCH_COUNT_CAP = 100;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1).max(SEARCH_QUERY_MAX),
  in: z.enum(SEARCH_SCOPES).default('forum'),
  sort: z.enum(SEARCH_SORTS).default('best'),
  /** Only this room's history (with `in=chat`). */
  room: idString.optional(),
  page: pageQuery,
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Where a hit leads: the web builds the address from it. */
export const searchLinkSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('forum'), thread_slug: z.string(), post_id: z.number().int() }),
  z.object({ kind: z.literal('chat'), room_id: z.number().int(), message_id: z.number().int() }),
  z.object({
    kind: z.literal('art'),
    post_slug: z.string(),
    comment_id: z.number().int().nullable(),
  }),
  /** A kept message: the quotes page, and its room (`room_id`) to read it in place. */
  z.object({ kind: z.literal('quote'), room_id: z.number().int(), message_id: z.number().int() }),
  z.object({ kind: z.literal('profile'), user_slug: z.string() }),
]);
export type SearchLink = z.infer<typeof searchLinkSchema>;

export const searchHitSchema = z.object({
  type: z.enum([
    'forum_thread',
    'forum_post',
    'art_post',
    'art_comment',
    'quote',
    'chat_message',
    'user',
  ]),
  id: z.number().int(),
  link: searchLinkSchema,
  /** The thread's subject, the room's name, the person's nick. */
  title: z.string(),
  /** Escaped text with the matched words wrapped in `<mark>`; nothing else is HTML. */
  snippet: z.string(),
  author: publicUser.nullable(),
  created_at: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** One page of one scope's hits; `meta.total` is the scope's count (past SEARCH_COUNT_CAP: "100+"). */
export const searchAnswerSchema = z.object({
  data: z.array(searchHitSchema),
  meta: pageMetaSchema,
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

/**
 * `GET /api/search/totals`: the tabs' counts of one query, asked apart from its pages (once a
 * query, not on every page or tab, and the hits need not wait for them).
 */
export const searchTotalsQuerySchema = searchQuerySchema.pick({ q: true, room: true });
export type SearchTotalsQuery = z.infer<typeof searchTotalsQuerySchema>;

export const searchTotalsAnswerSchema = z.object({
  /** Hits per scope, each counted up to SEARCH_COUNT_CAP + 1 (past the cap: "100+"). */
  data: z.record(z.enum(SEARCH_SCOPES), z.number().int()),
});
export type SearchTotals = z.infer<typeof searchTotalsAnswerSchema>['data'];

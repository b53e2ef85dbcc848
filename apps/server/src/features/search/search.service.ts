import {
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_SIZE,
  SEARCH_SCOPES,
  type Locale,
  type SearchAnswer,
  type SearchQuery,
  type SearchScope,
  type SearchSort,
  type SearchTotals,
  type SearchTotalsQuery,
} from '@chat/shared';
import type { Kysely } from 'kysely';
import type { Viewer } from '../../access/viewer';
import type { DB } from '../../db/schema';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { BEST_CANDIDATES, byRelevance } from './relevance';
import { parseSearchQuery } from './search-query';
import type { HitRef, SearchRegistry, SearchSource, SourceRequest } from './search-registry';

/**
 * Pages past this many hits are empty: reaching one walks every hit before it, and nobody
 * pages 50 deep (a page number of 10^9 asks for nothing).
 */
export const SEARCH_DEPTH_MAX = 1000;

/** Searches per visitor (an account, else an address): a box that searches while typing fits. */
export const SEARCH_LIMIT: RateLimitRule = { name: 'search', points: 30, durationSeconds: 10 };
/** The tabs' counts per visitor: one a query, as many as its searches. */
export const SEARCH_TOTALS_LIMIT: RateLimitRule = {
  name: 'search-totals',
  points: 30,
  durationSeconds: 10,
};

/**
 * `GET /api/search`: one page of one scope's hits and that scope's count; `GET
 * /api/search/totals`: every scope's count, asked once a query by the tabs.
 */
export class SearchService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly registry: SearchRegistry,
    private readonly rateLimits: RateLimits,
    /** Brings the index up to date now (SQLite's chat batch); tests and the bench call it. */
    readonly catchUp: () => Promise<void>,
  ) {}

  async search(
    viewer: Viewer,
    input: SearchQuery,
    locale: Locale,
    visitorKey: string,
  ): Promise<SearchAnswer> {
    await this.rateLimits.hit(SEARCH_LIMIT, visitorKey);
    const page = input.page ?? 1;
    const request = this.request(viewer, input, locale);
    const offset = (page - 1) * SEARCH_PAGE_SIZE;
    const source = this.registry.source(input.in);
    const searched = source !== undefined && this.searches(request, input.in);
    const walk = searched ? await this.walk(request, source, offset) : { page: [], found: 0 };
    const total = walk.found;
    return {
      data: source && walk.page.length > 0 ? await source.hits(request, walk.page) : [],
      meta: {
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE)),
        per_page: SEARCH_PAGE_SIZE,
        total,
      },
    };
  }

  /** Every scope's count, each up to SEARCH_COUNT_CAP + 1; with no words, only people's. */
  async totals(
    viewer: Viewer,
    input: SearchTotalsQuery,
    locale: Locale,
    visitorKey: string,
  ): Promise<SearchTotals> {
    await this.rateLimits.hit(SEARCH_TOTALS_LIMIT, visitorKey);
    const request = this.request(viewer, input, locale);
    const counts = await Promise.all(
      SEARCH_SCOPES.map(async (scope) => {
        const source = this.registry.source(scope);
        if (!source || !this.searches(request, scope)) return [scope, 0] as const;
        return [scope, await source.count(request, SEARCH_COUNT_CAP + 1)] as const;
      }),
    );
    return Object.fromEntries(counts) as SearchTotals;
  }

  private request(
    viewer: Viewer,
    input: SearchTotalsQuery & { sort?: SearchSort },
    locale: Locale,
  ): SourceRequest {
    return {
      db: this.db,
      driver: this.registry.driver,
      viewer,
      query: parseSearchQuery(input.q),
      text: input.q,
      sort: input.sort ?? 'best',
      locale,
      // Only the chat's scope reads it.
      ...(input.room !== undefined ? { room: Number(input.room) } : {}),
    };
  }

  /** A query of only operators finds nothing but people (whose nicks need no words). */
  private searches(request: SourceRequest, scope: SearchScope): boolean {
    return scope === 'people' || request.query.terms.length > 0;
  }

  /**
   * The tab's hits up to its page, read once for both the page and the tab's count: the newest
   * `offset + 20`, at least SEARCH_COUNT_CAP + 1 (so the count can say "100+"). With
   * `sort=best` the first BEST_CANDIDATES of them are ordered by relevance, later ones by date.
   */
  private async walk(
    request: SourceRequest,
    source: SearchSource,
    offset: number,
  ): Promise<{ page: HitRef[]; found: number }> {
    if (offset >= SEARCH_DEPTH_MAX)
      return { page: [], found: await source.count(request, SEARCH_COUNT_CAP + 1) };
    const need = Math.max(SEARCH_COUNT_CAP, offset + SEARCH_PAGE_SIZE) + 1;
    const best = request.sort === 'best' && source.scope !== 'people' && offset < BEST_CANDIDATES;
    const found = await source.refs(request, { limit: need, offset: 0 }, best);
    const ordered = best
      ? [
          ...byRelevance(found.slice(0, BEST_CANDIDATES), request.query),
          ...found.slice(BEST_CANDIDATES),
        ]
      : found;
    return { page: ordered.slice(offset, offset + SEARCH_PAGE_SIZE), found: found.length };
  }
}

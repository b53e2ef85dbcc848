import {
  SEARCH_PAGE_SIZE,
  SEARCH_SCOPES,
  type Locale,
  type SearchAnswer,
  type SearchQuery,
  type SearchScope,
} from '@chat/shared';
import type { Kysely } from 'kysely';
import type { Viewer } from '../../access/viewer';
import type { DB } from '../../db/schema';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { BEST_CANDIDATES, byRelevance } from './relevance';
import { parseSearchQuery } from './search-query';
import type { HitRef, SearchRegistry, SourceRequest } from './search-registry';

/** Each scope's count for the tabs stops here ("1000+"). */
export const SEARCH_TOTAL_CAP = 1000;

/** Searches per visitor (an account, else an address): a box that searches while typing fits. */
export const SEARCH_LIMIT: RateLimitRule = { name: 'search', points: 30, durationSeconds: 10 };

/** `GET /api/search`: one query over every scope the modules registered. */
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
    const query = parseSearchQuery(input.q);
    const request: SourceRequest = {
      db: this.db,
      driver: this.registry.driver,
      viewer,
      query,
      text: input.q,
      sort: input.sort,
      locale,
      ...(input.room !== undefined && input.in === 'chat' ? { room: Number(input.room) } : {}),
    };
    const totals = await this.totals(request, query.terms.length === 0);
    const total = totals[input.in];
    const source = this.registry.source(input.in);
    const offset = (page - 1) * SEARCH_PAGE_SIZE;
    const words = input.in === 'people' || query.terms.length > 0;
    const refs =
      source && words && offset < total ? await this.page(request, input.in, offset) : [];
    return {
      data: source && refs.length > 0 ? await source.hits(request, refs) : [],
      meta: {
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE)),
        per_page: SEARCH_PAGE_SIZE,
        total,
      },
      totals,
    };
  }

  /** Each scope's count (capped); a query with no words left finds nothing but people. */
  private async totals(
    request: SourceRequest,
    noWords: boolean,
  ): Promise<Record<SearchScope, number>> {
    const counts = await Promise.all(
      SEARCH_SCOPES.map(async (scope) => {
        const source = this.registry.source(scope);
        if (!source || (noWords && scope !== 'people')) return [scope, 0] as const;
        return [scope, await source.count(request, SEARCH_TOTAL_CAP)] as const;
      }),
    );
    return Object.fromEntries(counts) as Record<SearchScope, number>;
  }

  private async page(
    request: SourceRequest,
    scope: SearchScope,
    offset: number,
  ): Promise<HitRef[]> {
    const source = this.registry.source(scope)!;
    const best = request.sort === 'best' && scope !== 'people' && offset < BEST_CANDIDATES;
    if (!best) return source.refs(request, { limit: SEARCH_PAGE_SIZE, offset }, false);
    const candidates = await source.refs(request, { limit: BEST_CANDIDATES, offset: 0 }, true);
    return byRelevance(candidates, request.query).slice(offset, offset + SEARCH_PAGE_SIZE);
  }
}

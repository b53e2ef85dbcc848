import type { Locale, SearchHit, SearchScope, SearchSort } from '@chat/shared';
import type { Kysely } from 'kysely';
import type { Viewer } from '../../access/viewer';
import type { DB } from '../../db/schema';
import type { SearchDriver } from './search-driver';
import type { ParsedQuery } from './search-query';

/** One search request as a source sees it. */
export interface SourceRequest {
  db: Kysely<DB>;
  driver: SearchDriver;
  viewer: Viewer;
  query: ParsedQuery;
  /** The query as typed (trimmed), for sources that do not search words (people by nick). */
  text: string;
  sort: SearchSort;
  locale: Locale;
  /** Only this room (chat). */
  room?: number;
}

/** A candidate hit: what a page is ordered by, before its details are read. */
export interface HitRef {
  type: SearchHit['type'];
  id: number;
  created_at: string;
  /** The matched text, read only for sorting by relevance (`sort=best`). */
  text?: string;
}

/**
 * What a module adds to the search for one scope (`ctx.search.register`): the hits the viewer
 * may see, filtered in SQL before paging (the access policies' clauses), newest first.
 */
export interface SearchSource {
  scope: SearchScope;
  /** Newest first; with `withText`, each ref carries its text for relevance sorting. */
  refs(
    request: SourceRequest,
    page: { limit: number; offset: number },
    withText: boolean,
  ): Promise<HitRef[]>;
  /** How many the viewer may see, counting no further than `cap`. */
  count(request: SourceRequest, cap: number): Promise<number>;
  /** The page's hits, in the order of `refs`. */
  hits(request: SourceRequest, refs: HitRef[]): Promise<SearchHit[]>;
}

/**
 * The registrar modules reach as `ctx.search` (platform/feature-module.ts): each scope's
 * source, and the driver the platform picked by the database.
 */
export class SearchRegistry {
  private readonly sources = new Map<SearchScope, SearchSource>();

  constructor(readonly driver: SearchDriver) {}

  register(source: SearchSource): void {
    if (this.sources.has(source.scope))
      throw new Error(`search scope ${source.scope} is registered twice`);
    this.sources.set(source.scope, source);
  }

  source(scope: SearchScope): SearchSource | undefined {
    return this.sources.get(scope);
  }

  scopes(): SearchScope[] {
    return [...this.sources.keys()];
  }
}

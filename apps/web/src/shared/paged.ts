import type { PageMeta } from '@chat/shared';
import type { ApiResponse } from '../lib/api-client';

/** One page of a paged list, as the moderation and complaints lists show it. */
export interface Paged<T> {
  rows: T[];
  page: number;
  lastPage: number;
  total: number | null;
}

/** A paged answer (`data` plus Laravel's `meta`) as a page; a missing meta is one page. */
export function toPaged<T>(answer: ApiResponse<T[]>, asked: number): Paged<T> {
  const meta = answer.meta as Partial<PageMeta> | undefined;
  const page = meta?.current_page ?? asked;
  return {
    rows: answer.data ?? [],
    page,
    lastPage: meta?.last_page ?? page,
    total: meta?.total ?? null,
  };
}

/** The query string of a list: empty values are left out, so the server sees no empty filter. */
export function compactQuery(query: Record<string, string | number | undefined>) {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') out[key] = String(value);
  }
  return out;
}

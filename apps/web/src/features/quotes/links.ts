import type { Locale, QuoteTab } from '@chat/shared';
import { QUOTE_TABS } from '@chat/shared';
import { localePath } from '../../lib/locale-path';

/** `/{locale}/quote` (best), `/quote/new`, `/quote/mine`, with `?page=` past the first. */
export function quotesPath(locale: Locale, tab: QuoteTab = 'best', page = 1): string {
  const path = tab === 'best' ? '/quote' : `/quote/${tab}`;
  return localePath(locale, page > 1 ? `${path}?page=${page}` : path);
}

/** The tab of the address; anything unknown is `best`. */
export function tabOf(value: string | undefined): QuoteTab {
  return (QUOTE_TABS as readonly string[]).includes(value ?? '') ? (value as QuoteTab) : 'best';
}

/** `?page=` as people write it; anything else is page 1. */
export function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 999_999 ? n : 1;
}

/** `?message=` of a search hit: a message id as the API takes it (up to ten digits), or null. */
export function messageOf(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

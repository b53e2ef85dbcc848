import type { QuotesTable } from '../db/schema';
import { isSelf, type Viewer } from './viewer';

/**
 * Keeping quotes is for registered people (`quote.add`); a guest is refused with 403 `guest`.
 * Which message may be quoted is the message policy's `can(viewer, 'quote', ...)`.
 */
export function canAdd(viewer: Viewer): boolean {
  return viewer.can('quote.add');
}

/** A collection of quotes is its owner's alone, to see and to change. */
export function canSee(viewer: Viewer, quote: Pick<QuotesTable, 'user_id'>): boolean {
  return isSelf(viewer, quote.user_id);
}

export function can(
  viewer: Viewer,
  action: 'remove',
  quote: Pick<QuotesTable, 'user_id'>,
): boolean {
  switch (action) {
    case 'remove':
      return canSee(viewer, quote);
  }
}

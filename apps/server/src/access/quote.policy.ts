import type { QuotesTable } from '../db/schema';
import { isSelf, type Viewer } from './viewer';

/**
 * Keeping quotes is for registered people (`quote.add`); a guest is refused with 403 `guest`.
 * Which message may be quoted is the message policy's `can(viewer, 'quote', ...)`; which kept
 * messages the quotes page lists is its `readableBy` (where the chat would show them).
 */
export function canAdd(viewer: Viewer): boolean {
  return viewer.can('quote.add');
}

/** A collection of quotes is its owner's alone, to see and to change. */
export function canSee(viewer: Viewer, quote: Pick<QuotesTable, 'user_id'>): boolean {
  return isSelf(viewer, quote.user_id);
}

/**
 * The "mine" tab: only those who may keep quotes have a collection; a guest asking for it is
 * refused (403 `guest`) rather than shown an empty list that looks like a lost collection.
 */
export function hasCollection(viewer: Viewer): boolean {
  return canAdd(viewer);
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

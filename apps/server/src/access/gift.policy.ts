import type { UserGiftRow, UserRow } from '../db/schema';
import { outranksPerson } from './rank';
import { isSelf, type Viewer } from './viewer';

/**
 * Gifts people received (features/economy): who sees one on a profile, who learns an anonymous
 * sender, who may hide it and who may take its text down. The service reads the rows; these
 * only decide.
 */
type GiftFacts = Pick<UserGiftRow, 'recipient_id' | 'private' | 'anonymous' | 'hidden'>;

export type GiftAction = 'hide' | 'remove_text';

/**
 * A received gift: its recipient always sees it; anyone else only when it is neither private
 * nor hidden by the recipient (a complaint about it asks the same).
 */
export function canSee(viewer: Pick<Viewer, 'id'>, gift: GiftFacts): boolean {
  return isSelf(viewer, gift.recipient_id) || (gift.private === 0 && gift.hidden === 0);
}

/** An anonymous gift's sender: only `gifts.see_anonymous` (not even the recipient). */
export function canSeeSender(viewer: Viewer, gift: Pick<UserGiftRow, 'anonymous'>): boolean {
  return gift.anonymous === 0 || viewer.can('gifts.see_anonymous');
}

/**
 * `hide`: the recipient takes a gift off their profile (or puts it back). `remove_text`: staff
 * who judge content clear a gift's text, only when they outrank its sender (access/rank.ts).
 */
export function can(
  viewer: Viewer,
  action: GiftAction,
  gift: GiftFacts,
  sender?: Pick<UserRow, 'id' | 'role'>,
): boolean {
  switch (action) {
    case 'hide':
      return isSelf(viewer, gift.recipient_id);
    case 'remove_text':
      return (
        viewer.can('content.moderate') && sender !== undefined && outranksPerson(viewer, sender)
      );
  }
}

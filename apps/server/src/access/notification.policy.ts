import type { ExpressionBuilder } from 'kysely';
import type { DB, NotificationRow } from '../db/schema';
import { isSelf, type Viewer } from './viewer';

/** A notification is its recipient's alone: to read, list and mark read. */
export function canSee(viewer: Viewer, notification: Pick<NotificationRow, 'user_id'>): boolean {
  return isSelf(viewer, notification.user_id);
}

export function can(
  viewer: Viewer,
  action: 'read',
  notification: Pick<NotificationRow, 'user_id'>,
): boolean {
  switch (action) {
    case 'read':
      return canSee(viewer, notification);
  }
}

/** The notifications a viewer lists (and counts, and marks read), in SQL. */
export function listedFor(viewerId: number) {
  return (eb: ExpressionBuilder<DB, 'notifications'>) => eb('notifications.user_id', '=', viewerId);
}

/** What is known when a message mentions someone. */
export interface MentionFacts {
  mentionedId: number;
  authorId: number;
  /** Not in the room, away in it, or no socket of theirs listens to it. */
  away: boolean;
  /** The mentioned person ignores the author. */
  ignoresAuthor: boolean;
}

/**
 * Whether a mention is worth a notification: someone who sees the message now needs none, an
 * author does not notify themself, and an ignored author's mentions are not heard.
 */
export function shouldNotifyMention(facts: MentionFacts): boolean {
  return facts.mentionedId !== facts.authorId && facts.away && !facts.ignoresAuthor;
}

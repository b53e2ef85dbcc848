import { mayDeleteMessage, type ChatMessageAbilities } from '@chat/shared';
import type { ExpressionBuilder } from 'kysely';
import type { DB, MessageRow, RoomRow } from '../db/schema';
import { canAdd as canKeepQuotes } from './quote.policy';
import type { Viewer } from './viewer';

/** What is known of the viewer and the message's room. */
export interface MessagePlace {
  room: Pick<RoomRow, 'is_public'> | undefined;
  /** The viewer is a member of the message's room. */
  member: boolean;
}

/** Where a member of the message's room stands: whether the room is public does not matter. */
export const AS_MEMBER: MessagePlace = Object.freeze({ room: { is_public: 0 }, member: true });

type MessageFacts = Pick<MessageRow, 'user_id' | 'deleted_at'>;

export type MessageAction = 'hide' | 'delete_for_everyone' | 'react' | 'quote';

/**
 * Whether the viewer may read a room message (its pictures, a complaint about it, a quote of
 * it): not deleted, in a room that still exists and is public or that they are in.
 */
export function canSee(
  viewer: Pick<Viewer, 'id'>,
  message: MessageFacts,
  place: MessagePlace,
): boolean {
  return (
    viewer.id !== null &&
    message.deleted_at === null &&
    place.room !== undefined &&
    (place.room.is_public === 1 || place.member)
  );
}

/**
 * Whether the viewer may learn that a message exists before being told they may not touch it
 * (404 before 403): members of its room, and those who may delete anyone's messages.
 */
export function canFind(viewer: Viewer, place: Pick<MessagePlace, 'member'>): boolean {
  return place.member || viewer.can('message.delete_any');
}

export function can(
  viewer: Viewer,
  action: MessageAction,
  message: MessageFacts,
  place: MessagePlace,
): boolean {
  switch (action) {
    case 'hide':
    case 'delete_for_everyone':
      return mayDeleteMessage(viewer, message.user_id);
    // Only members react; to anyone else the message does not exist.
    case 'react':
      return place.member && message.deleted_at === null;
    case 'quote':
      return canKeepQuotes(viewer) && canSee(viewer, message, place);
  }
}

/** The viewer's abilities on a message they read in a room (history, a room's page). */
export function abilities(
  viewer: Viewer,
  message: MessageFacts,
  place: MessagePlace,
): ChatMessageAbilities {
  return {
    delete_for_me: can(viewer, 'hide', message, place),
    delete_for_everyone: can(viewer, 'delete_for_everyone', message, place),
    quote: can(viewer, 'quote', message, place),
    react: can(viewer, 'react', message, place),
  };
}

/**
 * The messages of a room's page the viewer reads, in SQL: not deleted for everyone, not hidden
 * by the viewer ("delete for me"). The repository adds the room and the cursor.
 */
export function listedFor(viewerId: number) {
  return (eb: ExpressionBuilder<DB, 'messages'>) =>
    eb.and([
      eb('messages.deleted_at', 'is', null),
      eb.not(
        eb.exists(
          eb
            .selectFrom('message_hides')
            .select('message_id')
            .whereRef('message_hides.message_id', '=', 'messages.id')
            .where('message_hides.user_id', '=', viewerId),
        ),
      ),
    ]);
}

import {
  mayDeleteMessage,
  mayEditMessage,
  mayReplyTo,
  type ChatMessageAbilities,
} from '@chat/shared';
import type { ExpressionBuilder } from 'kysely';
import type { DB, MessageRow, RoomRow, UserRow } from '../db/schema';
import { rolesLacking } from './permissions';
import { canAdd as canKeepQuotes } from './quote.policy';
import { outranksPerson } from './rank';
import { isSelf, type Viewer } from './viewer';

/** What is known of the viewer and the message's room. */
export interface MessagePlace {
  room: Pick<RoomRow, 'is_public'> | undefined;
  /** The viewer is a member of the message's room. */
  member: boolean;
}

/** Where a member of the message's room stands: whether the room is public does not matter. */
export const AS_MEMBER: MessagePlace = Object.freeze({ room: { is_public: 0 }, member: true });

/**
 * The message, and its author's role when the caller read it: deleting someone else's message
 * for everyone asks their rank, and without the role only the author may. Its type and time
 * when known (an edit asks them), and the author's troll flag (a reply asks it).
 */
type MessageFacts = Pick<MessageRow, 'user_id' | 'deleted_at'> &
  Partial<Pick<MessageRow, 'type_id' | 'created_at'>> & {
    author?: Pick<UserRow, 'role'> & Partial<Pick<UserRow, 'is_troll'>>;
  };

export type MessageAction = 'hide' | 'delete_for_everyone' | 'react' | 'quote' | 'reply' | 'edit';

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
  now = Date.now(),
): boolean {
  switch (action) {
    // "Delete for me" touches only the viewer's own view.
    case 'hide':
      return mayDeleteMessage(viewer, message.user_id);
    // For everyone: the author, or staff over an author they outrank (access/rank.ts).
    case 'delete_for_everyone':
      return (
        isSelf(viewer, message.user_id) ||
        (viewer.can('message.delete_any') &&
          message.author !== undefined &&
          outranksPerson(viewer, { id: message.user_id, role: message.author.role }))
      );
    // Only members react; to anyone else the message does not exist.
    case 'react':
      return place.member && message.deleted_at === null;
    // What the viewer may read; a troll's message only where the chat shows it to them.
    case 'quote':
      return (
        canKeepQuotes(viewer) &&
        canSee(viewer, message, place) &&
        (message.author?.is_troll !== 1 || canSeeTrolls(viewer) || isSelf(viewer, message.user_id))
      );
    // Members answer what they read; never a troll's message but the troll's own (mayReplyTo).
    case 'reply':
      return (
        place.member &&
        message.deleted_at === null &&
        mayReplyTo(viewer, { user: { id: message.user_id } }, message.author?.is_troll === 1)
      );
    // The author, within the window, while free to write.
    case 'edit':
      return (
        !viewer.gagged &&
        !viewer.banned &&
        message.deleted_at === null &&
        message.type_id !== undefined &&
        message.created_at !== undefined &&
        mayEditMessage(
          viewer,
          {
            user: { id: message.user_id },
            type_id: message.type_id,
            created_at: message.created_at,
          },
          now,
        )
      );
  }
}

/**
 * What a reply shows of the message it answers, to this viewer: the quote when they may read
 * the original (not deleted for everyone, of the same room, and no troll's but their own
 * unless they see trolls, as listedFor has it); else "message unavailable", with neither its
 * author nor its words.
 */
export function canSeeQuoted(
  viewer: Pick<Viewer, 'id'>,
  original: Pick<MessageRow, 'user_id' | 'deleted_at' | 'room_id'> & { author_is_troll: boolean },
  reply: Pick<MessageRow, 'room_id'>,
  seesTrolls: boolean,
): boolean {
  return (
    original.deleted_at === null &&
    original.room_id === reply.room_id &&
    (!original.author_is_troll || seesTrolls || isSelf(viewer, original.user_id))
  );
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
    reply: can(viewer, 'reply', message, place),
    edit: can(viewer, 'edit', message, place),
  };
}

/** Whether the viewer's role reads edit histories at all (others are refused with 403). */
export function readsEdits(viewer: Pick<Viewer, 'can'>): boolean {
  return viewer.can('message.edits');
}

/**
 * Reading the texts an edited message had before (`message.edits`): moderators and admins, and
 * only of a room whose messages they may read (a public one, or one they are in). A private
 * room's words stay its members' own, staff's earlier texts included; a deleted message's
 * history stays readable to them (the record of what was said).
 */
export function canReadEdits(viewer: Pick<Viewer, 'can'>, place: MessagePlace): boolean {
  return (
    readsEdits(viewer) && place.room !== undefined && (place.room.is_public === 1 || place.member)
  );
}

/**
 * Trolls' messages (the shadow ban) are seen by their author and by those who manage trolls
 * (`user.troll`, whose `show_trolls` setting then shows or hides them): everyone else never gets
 * them, neither in history nor on the socket (issue 19, point 13).
 */
export function canSeeTrolls(viewer: Pick<Viewer, 'can'>): boolean {
  return viewer.can('user.troll');
}

/** Those who may see trolls, in SQL on `users` (who hear a troll marked: AntitrollUpdated). */
export function trollSeers() {
  return (eb: ExpressionBuilder<DB, 'users'>) =>
    eb.and([
      eb('users.role', 'not in', rolesLacking('user.troll')),
      eb('users.deleted_at', 'is', null),
    ]);
}

/**
 * The messages of a room's page the viewer reads, in SQL: not deleted for everyone, not hidden
 * by the viewer ("delete for me"), and no troll's but their own unless the viewer sees trolls
 * (the query joins the author as `users`). The repository adds the room and the cursor.
 */
export function listedFor(viewerId: number, seesTrolls: boolean) {
  return (eb: ExpressionBuilder<DB, 'messages' | 'users'>) =>
    eb.and([
      eb('messages.deleted_at', 'is', null),
      ...(seesTrolls
        ? []
        : [eb.or([eb('users.is_troll', '=', 0), eb('messages.user_id', '=', viewerId)])]),
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

/**
 * Room messages the viewer may read away from their room's page (the quotes page, the search),
 * in SQL: signed in (visitors without a session read no chat history, as canSee says), listed
 * for them in that room's history (listedFor), in a public room or one they are in, and not
 * written by someone they ignore (the web hides those in the chat too). The query joins the
 * author as `users` and the room as `rooms`.
 */
export function readableBy(viewer: Viewer) {
  const viewerId = viewer.id ?? 0;
  const history = listedFor(viewerId, canSeeTrolls(viewer));
  return (eb: ExpressionBuilder<DB, 'messages' | 'users' | 'rooms'>) =>
    eb.and([
      eb.lit(viewer.id !== null),
      history(eb as unknown as ExpressionBuilder<DB, 'messages' | 'users'>),
      eb.or([
        eb('rooms.is_public', '=', 1),
        eb.exists(
          eb
            .selectFrom('room_users')
            .select('room_users.user_id')
            .whereRef('room_users.room_id', '=', 'messages.room_id')
            .where('room_users.user_id', '=', viewerId),
        ),
      ]),
      eb.not(
        eb.exists(
          eb
            .selectFrom('ignores')
            .select('ignores.ignored_id')
            .where('ignores.user_id', '=', viewerId)
            .whereRef('ignores.ignored_id', '=', 'messages.user_id'),
        ),
      ),
    ]);
}

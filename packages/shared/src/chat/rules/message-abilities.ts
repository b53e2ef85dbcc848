import { outranks, type Permission } from '../../moderation/permissions';
import { MESSAGE_EDIT_WINDOW_MS, MESSAGE_TYPE } from '../constants';
import type { ChatMessageAbilities } from '../wire';

/** Who asks, as both ends know them: an id, their roles (for rank) and their permissions. */
export interface AbilityViewer {
  id: number | null;
  roles: readonly string[];
  can(permission: Permission): boolean;
}

/** Deleting a room message for oneself ("delete for me"): its author, and `message.delete_any`. */
export function mayDeleteMessage(viewer: AbilityViewer, authorId: number): boolean {
  return (viewer.id !== null && viewer.id === authorId) || viewer.can('message.delete_any');
}

/**
 * Deleting a room message for everyone: its author, or `message.delete_any` over an author the
 * viewer outranks (a moderator never deletes an admin's or another moderator's message; rank as
 * sanctions have it, issue 19 point 8).
 */
export function mayDeleteForEveryone(
  viewer: AbilityViewer,
  author: { id: number; roles: readonly string[] },
): boolean {
  if (viewer.id !== null && viewer.id === author.id) return true;
  return viewer.can('message.delete_any') && outranks(viewer.roles, author.roles);
}

/**
 * Editing a room message (issue 20, point 4): its author only, within MESSAGE_EDIT_WINDOW_MS of
 * posting it, never a notice of the site. The server also refuses a gagged or banned author.
 */
export function mayEditMessage(
  viewer: Pick<AbilityViewer, 'id'>,
  message: { user: { id: number }; type_id: number; created_at: string },
  now: number,
): boolean {
  return (
    viewer.id !== null &&
    viewer.id === message.user.id &&
    message.type_id !== MESSAGE_TYPE.system &&
    now - Date.parse(message.created_at) < MESSAGE_EDIT_WINDOW_MS
  );
}

/**
 * Replying to a room message a member reads: any of them, except a shadow-banned troll's
 * message when the viewer is not the troll. A public answer to it would show everyone that
 * something is there, and its quote would carry the troll's words to those who must not see
 * them.
 */
export function mayReplyTo(
  viewer: Pick<AbilityViewer, 'id'>,
  message: { user: { id: number } },
  authorIsTroll: boolean,
): boolean {
  return viewer.id !== null && (!authorIsTroll || viewer.id === message.user.id);
}

/**
 * A member's abilities on a message of their room: the server's message policy answers the
 * same (apps/server/src/access/message.policy.ts, pinned by its table test); the web asks this
 * for a message heard on the socket, which carries no abilities.
 */
export function chatMessageAbilities(
  viewer: AbilityViewer,
  message: {
    user: { id: number; roles: readonly string[] };
    type_id: number;
    created_at: string;
  },
  context: { now: number; authorIsTroll?: boolean },
): ChatMessageAbilities {
  return {
    delete_for_me: mayDeleteMessage(viewer, message.user.id),
    delete_for_everyone: mayDeleteForEveryone(viewer, message.user),
    quote: viewer.can('quote.add'),
    react: true,
    reply: mayReplyTo(viewer, message, context.authorIsTroll === true),
    edit: mayEditMessage(viewer, message, context.now),
  };
}

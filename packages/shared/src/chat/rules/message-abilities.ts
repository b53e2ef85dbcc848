import { outranks, type Permission } from '../../moderation/permissions';
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
 * A member's abilities on a message of their room: the server's message policy answers the
 * same (apps/server/src/access/message.policy.ts, pinned by its table test); the web asks this
 * for a message heard on the socket, which carries no abilities.
 */
export function chatMessageAbilities(
  viewer: AbilityViewer,
  message: { user: { id: number; roles: readonly string[] } },
): ChatMessageAbilities {
  return {
    delete_for_me: mayDeleteMessage(viewer, message.user.id),
    delete_for_everyone: mayDeleteForEveryone(viewer, message.user),
    quote: viewer.can('quote.add'),
    react: true,
  };
}

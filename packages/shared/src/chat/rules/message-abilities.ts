import type { Permission } from '../../moderation/permissions';
import type { ChatMessageAbilities } from '../wire';

/** Who asks, as both ends know them: an id and their permissions. */
export interface AbilityViewer {
  id: number | null;
  can(permission: Permission): boolean;
}

/** Deleting a room message, for oneself or for everyone: its author, and `message.delete_any`. */
export function mayDeleteMessage(viewer: AbilityViewer, authorId: number): boolean {
  return (viewer.id !== null && viewer.id === authorId) || viewer.can('message.delete_any');
}

/**
 * A member's abilities on a message of their room: the server's message policy answers the
 * same (apps/server/src/access/message.policy.ts, pinned by its table test); the web asks this
 * for a message heard on the socket, which carries no abilities.
 */
export function chatMessageAbilities(
  viewer: AbilityViewer,
  message: { user: { id: number } },
): ChatMessageAbilities {
  const deletable = mayDeleteMessage(viewer, message.user.id);
  return {
    delete_for_me: deletable,
    delete_for_everyone: deletable,
    quote: viewer.can('quote.add'),
    react: true,
  };
}

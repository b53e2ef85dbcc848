import type { Reaction } from '../constants';
import { REACTIONS } from '../constants';
import type { ChatMessage, MessageReaction } from '../wire';

export interface ReactionCount {
  reaction: Reaction;
  count: number;
  userIds: number[];
}

export function hasReacted(
  message: Pick<ChatMessage, 'reactions'>,
  reaction: string,
  userId: number,
): boolean {
  return message.reactions.some((r) => r.reaction === reaction && r.user.id === userId);
}

/**
 * One of each reaction per user (spec section 4). The message itself comes back when the
 * reaction is already there, so a repeated realtime event does not re-render it.
 */
export function addReaction(message: ChatMessage, reaction: MessageReaction): ChatMessage {
  if (hasReacted(message, reaction.reaction, reaction.user.id)) {
    return message;
  }
  return { ...message, reactions: [...message.reactions, reaction] };
}

/** `reaction` is a plain string because it comes from a URL or an event, not a checked form. */
export function removeReaction(
  message: ChatMessage,
  reaction: string,
  userId: number,
): ChatMessage {
  if (!hasReacted(message, reaction, userId)) {
    return message;
  }
  return {
    ...message,
    reactions: message.reactions.filter((r) => !(r.reaction === reaction && r.user.id === userId)),
  };
}

/**
 * The reactions to draw under a message, in the picker's order so that they do not jump around
 * as people react; reactions nobody gave are left out. A user counts once per reaction even if
 * the wire repeats them.
 */
export function reactionCounts(message: Pick<ChatMessage, 'reactions'>): ReactionCount[] {
  const users = new Map<string, Set<number>>();
  for (const r of message.reactions) {
    const set = users.get(r.reaction) ?? new Set<number>();
    set.add(r.user.id);
    users.set(r.reaction, set);
  }
  return REACTIONS.flatMap((reaction) => {
    const set = users.get(reaction);
    return set === undefined ? [] : [{ reaction, count: set.size, userIds: [...set] }];
  });
}

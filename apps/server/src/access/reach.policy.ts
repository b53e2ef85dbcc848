/**
 * Reaching a person with something of one's own that lands on them: a gift, coins, premium as
 * a gift, a partner request, a friend request, a private message (issue 19, point 5). The
 * ignore list stops all of them, both ways: whom the recipient ignores reaches them with
 * nothing, and one who ignores someone stops ignoring them first. The services gather who
 * ignores whom; this only decides.
 */
export interface ReachFacts {
  /** The recipient ignores the sender. */
  ignoredByRecipient: boolean;
  /** The sender ignores the recipient. */
  ignoringRecipient: boolean;
}

export type ReachBlock = 'ignored' | 'ignoring';

/** Why the sender may not reach the recipient, or null when they may. */
export function reachBlock(facts: ReachFacts): ReachBlock | null {
  if (facts.ignoredByRecipient) return 'ignored';
  if (facts.ignoringRecipient) return 'ignoring';
  return null;
}

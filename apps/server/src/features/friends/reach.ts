import { reachBlock, type ReachFacts } from '../../access/reach.policy';
import { forbidden } from '../../http/app-error';

/**
 * Who ignores whom between a sender and a recipient, both ways in one read (the friends
 * feature's `reach` port): the paths that land something on a person ask it on every call.
 */
export type ReachLookup = (senderId: number, recipientId: number) => Promise<ReachFacts>;

/**
 * Refuses (403, `reach.ignored` / `reach.ignoring`) before anything is written or charged when
 * either of the two ignores the other (access/reach.policy.ts): gifts, coins, premium as a
 * gift and partner requests ask it.
 */
export async function assertMayReach(
  reach: ReachLookup,
  senderId: number,
  recipientId: number,
): Promise<void> {
  const block = reachBlock(await reach(senderId, recipientId));
  if (block) throw forbidden(block === 'ignored' ? 'reach.ignored' : 'reach.ignoring');
}

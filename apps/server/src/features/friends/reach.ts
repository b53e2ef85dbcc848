import { reachBlock } from '../../access/reach.policy';
import { forbidden } from '../../http/app-error';

/** Whether `userId` ignores `otherId` (the friends feature's `ignores` port). */
export type IgnoreLookup = (userId: number, otherId: number) => Promise<boolean>;

/**
 * Refuses (403, `reach.ignored` / `reach.ignoring`) before anything is written or charged when
 * either of the two ignores the other (access/reach.policy.ts): gifts, coins, premium as a
 * gift and partner requests ask it.
 */
export async function assertMayReach(
  ignores: IgnoreLookup,
  senderId: number,
  recipientId: number,
): Promise<void> {
  const [ignoredByRecipient, ignoringRecipient] = await Promise.all([
    ignores(recipientId, senderId),
    ignores(senderId, recipientId),
  ]);
  const block = reachBlock({ ignoredByRecipient, ignoringRecipient });
  if (block) throw forbidden(block === 'ignored' ? 'reach.ignored' : 'reach.ignoring');
}

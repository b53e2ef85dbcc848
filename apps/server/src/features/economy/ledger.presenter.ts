import type { LedgerEntry, LedgerReason, PublicUser } from '@chat/shared';
import type { LedgerRow } from '../../db/schema';

/**
 * A ledger row as its owner sees it. `counterpart` is whoever the row names: services write no
 * counterpart where the other person must stay unknown (the recipient's side of anything
 * anonymous), so nothing here decides who may be seen.
 */
export function presentLedgerEntry(row: LedgerRow, counterpart: PublicUser | null): LedgerEntry {
  return {
    id: row.id,
    amount: row.amount,
    part: row.part,
    reason: row.reason as LedgerReason,
    ref_type: row.ref_type,
    ref_id: row.ref_id,
    counterpart,
    balance_after: row.balance_after,
    bonus_after: row.bonus_after,
    created_at: row.created_at,
  };
}

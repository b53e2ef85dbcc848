import type { Database } from '../../db/database';
import { LedgerRepository, type LedgerMismatch } from './ledger.repository';

/**
 * The ops check of the books (`npm run ops -- ledger`): every user whose live totals differ from
 * their ledger sums, read-only, on the database the server uses.
 */
export async function checkLedger(database: Database): Promise<LedgerMismatch[]> {
  return new LedgerRepository(database.db, database.dialect === 'postgres').mismatches();
}

/** The lines the command prints: one per mismatch, then a summary. */
export function describeLedgerCheck(mismatches: LedgerMismatch[]): string[] {
  if (mismatches.length === 0) return ['ledger: every wallet equals its ledger sums'];
  return [
    ...mismatches.map(
      (m) =>
        `user ${m.userId}: balance ${m.balance} (ledger ${m.ledgerBalance}), ` +
        `bonus ${m.bonus} (ledger ${m.ledgerBonus})`,
    ),
    `ledger: ${mismatches.length} wallet(s) do not add up`,
  ];
}

import type { Kysely } from 'kysely';
import type { DB, EmailCodeRow } from '../../db/schema';

/** What a code is for: confirming the account's e-mail, or setting a forgotten password. */
export type EmailCodePurpose = 'confirm' | 'reset';

/**
 * The codes and links mailed to accounts (0032-sign-in-mail), one per account and purpose, and
 * the confirmation they lead to (`users.email_verified_at`, the accounts' column: written only
 * here and in accounts.repository.ts, both features/auth). Every check that must hold under
 * parallel tries is one conditional statement.
 */
export class EmailCodesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Puts a new code in place of the account's earlier one of the same purpose: its tries start
   * again, and the earlier code and link stop working (their hashes are gone).
   */
  async put(row: {
    user_id: number;
    purpose: EmailCodePurpose;
    email: string;
    code_hash: string;
    token_hash: string;
    expires_at: string;
    created_at: string;
  }): Promise<void> {
    const fresh = {
      email: row.email,
      code_hash: row.code_hash,
      token_hash: row.token_hash,
      expires_at: row.expires_at,
      created_at: row.created_at,
      attempts: 0,
      used_at: null,
    };
    await this.db
      .insertInto('email_codes')
      .values({ ...row, attempts: 0, used_at: null })
      .onConflict((oc) => oc.columns(['user_id', 'purpose']).doUpdateSet(fresh))
      .execute();
  }

  async find(userId: number, purpose: EmailCodePurpose): Promise<EmailCodeRow | undefined> {
    return this.db
      .selectFrom('email_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
  }

  async findByToken(
    tokenHash: string,
    purpose: EmailCodePurpose,
  ): Promise<EmailCodeRow | undefined> {
    return this.db
      .selectFrom('email_codes')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
  }

  /** Counts a try at the code; the answer is the tries made so far, this one included. */
  async countAttempt(id: number): Promise<number> {
    const row = await this.db
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts ?? 0;
  }

  /**
   * Uses the code once: true for the one caller that marks it, only while it is unused and
   * unexpired, and (a link) while fewer than `triesBelow` tries were made. Two parallel uses of
   * one code or link: exactly one is true.
   */
  async use(db: Kysely<DB>, id: number, at: string, triesBelow?: number): Promise<boolean> {
    let query = db
      .updateTable('email_codes')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at);
    if (triesBelow !== undefined) query = query.where('attempts', '<', triesBelow);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Forgets the account's codes (of one purpose, or all): void at once. */
  async remove(
    userId: number,
    purpose?: EmailCodePurpose,
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    let query = db.deleteFrom('email_codes').where('user_id', '=', userId);
    if (purpose) query = query.where('purpose', '=', purpose);
    await query.execute();
  }

  /**
   * Confirms the account's e-mail, only if it is still the address the code went to (a change
   * since voids the code); false otherwise.
   */
  async markVerified(db: Kysely<DB>, userId: number, email: string, at: string): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set({ email_verified_at: at })
      .where('id', '=', userId)
      .where('email', '=', email)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

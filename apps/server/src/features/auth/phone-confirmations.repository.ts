import type { Kysely } from 'kysely';
import type { DB, PhoneConfirmationRow } from '../../db/schema';

/** Phones waiting for their code, one per account (0015-account-names). */
export class PhoneConfirmationsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(userId: number): Promise<PhoneConfirmationRow | undefined> {
    return this.db
      .selectFrom('phone_confirmations')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Puts a new code (or none) in place of the account's waiting phone and its tries. */
  async put(row: {
    user_id: number;
    phone: string;
    code_hash: string | null;
    expires_at: string | null;
    created_at: string;
  }): Promise<void> {
    await this.db
      .insertInto('phone_confirmations')
      .values({ ...row, attempts: 0 })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          phone: row.phone,
          code_hash: row.code_hash,
          expires_at: row.expires_at,
          created_at: row.created_at,
          attempts: 0,
        }),
      )
      .execute();
  }

  /** Counts a wrong code; the answer is the tries made so far. */
  async countAttempt(userId: number): Promise<number> {
    const row = await this.db
      .updateTable('phone_confirmations')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('user_id', '=', userId)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts ?? 0;
  }

  async remove(userId: number): Promise<void> {
    await this.db.deleteFrom('phone_confirmations').where('user_id', '=', userId).execute();
  }

  /**
   * The code was right: the phone becomes this account's sign-in name, taken from any account
   * that had it (whoever types the code holds the phone now), and the waiting row goes. Run in
   * one unit of work: the unique index on users.phone never sees two holders.
   */
  async confirm(db: Kysely<DB>, userId: number, phone: string, at: string): Promise<void> {
    await db
      .updateTable('users')
      .set({ phone: null, phone_verified_at: null })
      .where('phone', '=', phone)
      .where('id', '!=', userId)
      .execute();
    await db
      .updateTable('users')
      .set({ phone, phone_verified_at: at })
      .where('id', '=', userId)
      .execute();
    await db.deleteFrom('phone_confirmations').where('user_id', '=', userId).execute();
  }
}

import { sql, type Kysely } from 'kysely';
import type { DB, NewUser, UserRow } from '../../db/schema';
import type { AccountChanges, ProfileChanges } from '../../db/user-columns';

/**
 * The account's part of the users row (db/user-columns.ts `accounts`): a new account, the
 * sign-in look-ups (nick, look-alike, confirmed phone), password, contact, role and last sign-in.
 * Nobody else writes these columns; everyone reads the row (features/users/users.repository.ts).
 * Methods that may run inside a unit of work take its `db` last.
 */
export class AccountsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** A new account, its row whole (registration, a guest's first visit, the seed's admin). */
  async insert(user: NewUser, db: Kysely<DB> = this.db): Promise<UserRow> {
    return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  async findByNickKey(nickKey: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('nick_key', '=', nickKey)
      .executeTakeFirst();
  }

  /** The account whose nick has this skeleton (lib/nick-skeleton.ts), deleted ones included. */
  async findByNickSkeleton(skeleton: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('nick_skeleton', '=', skeleton)
      .executeTakeFirst();
  }

  /** The account that confirmed this phone: only a confirmed phone is a sign-in name. */
  async findByPhone(phone: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('phone', '=', phone)
      .where('phone_verified_at', 'is not', null)
      .executeTakeFirst();
  }

  /**
   * The live accounts that confirmed this address (a forgotten password): several accounts may
   * share one. Matched without regard to case, by the database's own lower() on both sides, on
   * the partial index of confirmed addresses (0032-sign-in-mail).
   */
  async findByConfirmedEmail(email: string, limit = 20): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(email)`, '=', sql<string>`lower(${email})`)
      .where('email_verified_at', 'is not', null)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Taken by an account, or retired with a deleted one (old profile links stay dead). */
  async slugExists(slug: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('slug', '=', slug)
      .union(this.db.selectFrom('retired_slugs').select('user_id as id').where('slug', '=', slug))
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * A guest registers under their own nick and keeps their row: the account's columns, and the
   * first profile fields the registration form asks for (db/user-columns.ts names this write).
   */
  async registerGuest(
    id: number,
    account: AccountChanges,
    firstProfile: Pick<ProfileChanges, 'gender' | 'birthdate'>,
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    await db
      .updateTable('users')
      .set({ ...account, ...firstProfile })
      .where('id', '=', id)
      .execute();
  }

  async setPassword(id: number, passwordHash: string, db: Kysely<DB> = this.db): Promise<void> {
    await db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', id)
      .execute();
  }

  /**
   * The e-mail, or clearing the phone (a new phone is set only by its confirmation). A new
   * address is unconfirmed, and the codes and links mailed to the old one are void: confirming
   * it or resetting the password through it no longer works. The same address again changes
   * nothing.
   */
  async setContact(
    id: number,
    changes: Pick<AccountChanges, 'email' | 'phone' | 'phone_verified_at'>,
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    const { email } = changes;
    if (email === undefined) {
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
      return;
    }
    // The CASE reads the row as it was: confirmed stays confirmed only for the same address.
    await db
      .updateTable('users')
      .set({
        ...changes,
        email_verified_at: sql<
          string | null
        >`case when email = ${email} then email_verified_at end`,
      })
      .where('id', '=', id)
      .execute();
    let codes = db.deleteFrom('email_codes').where('user_id', '=', id);
    if (email !== null) codes = codes.where('email', '!=', email);
    await codes.execute();
  }

  /** When the account last signed in. */
  async touchActive(id: number, at: string): Promise<void> {
    await this.db.updateTable('users').set({ active_at: at }).where('id', '=', id).execute();
  }

  /**
   * Sets the role only if it is still `from` (features/moderation's role change): two admins
   * changing the same person at once must not log a change from a role the person no longer
   * had. Returns the saved row, or undefined when the row moved on (or vanished) in between.
   */
  async changeRole(
    db: Kysely<DB>,
    userId: number,
    from: string,
    to: string,
  ): Promise<UserRow | undefined> {
    return db
      .updateTable('users')
      .set({ role: to })
      .where('id', '=', userId)
      .where('role', '=', from)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }
}

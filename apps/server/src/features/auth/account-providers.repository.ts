import type { Kysely } from 'kysely';
import type { AccountProviderRow, DB } from '../../db/schema';

/**
 * The accounts' sign-in names at other sites (`account_providers`): which of our accounts a
 * provider's person is. Signing in with another site (issue 24) finds the account here, and
 * links one on the first sign-in; no route reaches it yet.
 */
export class AccountProvidersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Links the provider's person to `userId`. Answers the link, or undefined when that person
   * is already linked to an account (this one or another): a provider account is never moved
   * between accounts silently, and two racing links cannot both win (the unique index decides).
   */
  async link(
    userId: number,
    provider: string,
    subject: string,
    at: string,
    db: Kysely<DB> = this.db,
    /** The provider's display name for the person, shown beside the link. */
    name: string | null = null,
  ): Promise<AccountProviderRow | undefined> {
    // ON CONFLICT rather than a caught error: inside a PostgreSQL transaction a violation would
    // abort the whole transaction.
    return db
      .insertInto('account_providers')
      .values({ user_id: userId, provider, subject, created_at: at, name })
      .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** The link of the provider's person, if any: whose account they sign in to. */
  async find(provider: string, subject: string): Promise<AccountProviderRow | undefined> {
    return this.db
      .selectFrom('account_providers')
      .selectAll()
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  /** The account's links, oldest first. */
  async listFor(userId: number): Promise<AccountProviderRow[]> {
    return this.db
      .selectFrom('account_providers')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  /**
   * Removes the account's link to `provider` unless it is the last way to sign in (no password
   * and no other link). Run in a unit of work: on PostgreSQL the account's row is locked first,
   * so two unlinks at once cannot each see the other's link and remove both.
   */
  async unlinkUnlessLast(
    db: Kysely<DB>,
    userId: number,
    provider: string,
    postgres: boolean,
  ): Promise<'removed' | 'missing' | 'last'> {
    let account = db.selectFrom('users').select('password_hash').where('id', '=', userId);
    if (postgres) account = account.forUpdate();
    const owner = await account.executeTakeFirst();
    const links = await db
      .selectFrom('account_providers')
      .select(['id', 'provider'])
      .where('user_id', '=', userId)
      .execute();
    const target = links.find((l) => l.provider === provider);
    if (!owner || !target) return 'missing';
    if (!owner.password_hash && links.length <= 1) return 'last';
    await db.deleteFrom('account_providers').where('id', '=', target.id).execute();
    return 'removed';
  }

  /** Removes one of the account's links; false when the account has no such link. */
  async unlink(userId: number, provider: string, subject: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('account_providers')
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

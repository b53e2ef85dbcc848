import type { Kysely } from 'kysely';
import type { DB, TestPaymentRow } from '../../../db/schema';

export type TestPaymentStatus = TestPaymentRow['status'];

/** The test provider's own books (0011-test-payments). */
export class TestPaymentsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Stores the payment unless its idempotence key is known; answers the one stored. */
  async insertOnce(row: TestPaymentRow): Promise<TestPaymentRow> {
    await this.db
      .insertInto('test_payments')
      .values(row)
      .onConflict((oc) => oc.column('idempotence_key').doNothing())
      .execute();
    return this.db
      .selectFrom('test_payments')
      .selectAll()
      .where('idempotence_key', '=', row.idempotence_key)
      .executeTakeFirstOrThrow();
  }

  find(id: string): Promise<TestPaymentRow | undefined> {
    return this.db.selectFrom('test_payments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** pending → succeeded or canceled, once: a second press or a race changes nothing. */
  async settle(
    id: string,
    status: Exclude<TestPaymentStatus, 'pending'>,
    at: string,
  ): Promise<TestPaymentRow | undefined> {
    const result = await this.db
      .updateTable('test_payments')
      .set({ status, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? this.find(id) : undefined;
  }
}

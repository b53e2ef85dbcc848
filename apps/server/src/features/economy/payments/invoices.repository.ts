import type { Insertable, Kysely } from 'kysely';
import type { DB, InvoiceRow, InvoicesTable } from '../../../db/schema';

/** Invoices (0010-economy): one top-up each, unpaid → paid or expired, never back. */
export class InvoicesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  insert(db: Kysely<DB>, row: Insertable<InvoicesTable>): Promise<InvoiceRow> {
    return db.insertInto('invoices').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async attachPayment(id: number, providerPaymentId: string, payUrl: string): Promise<InvoiceRow> {
    return this.db
      .updateTable('invoices')
      .set({ provider_payment_id: providerPaymentId, pay_url: payUrl })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  find(id: number): Promise<InvoiceRow | undefined> {
    return this.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByPayment(provider: string, providerPaymentId: string): Promise<InvoiceRow | undefined> {
    return this.db
      .selectFrom('invoices')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_payment_id', '=', providerPaymentId)
      .executeTakeFirst();
  }

  /**
   * unpaid → paid while the invoice is still live: one conditional UPDATE, so of any number of
   * notices at once exactly one gets the row (the others wait for its lock, then match none).
   */
  async markPaid(db: Kysely<DB>, id: number, at: string): Promise<boolean> {
    const result = await db
      .updateTable('invoices')
      .set({ status: 'paid', paid_at: at })
      .where('id', '=', id)
      .where('status', '=', 'unpaid')
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** An invoice that never got a payment to pay ends at once. */
  async abandon(id: number): Promise<void> {
    await this.db
      .updateTable('invoices')
      .set({ status: 'expired' })
      .where('id', '=', id)
      .where('status', '=', 'unpaid')
      .execute();
  }

  /** unpaid → expired once its time is up; a paid invoice stays paid. */
  async markExpired(id: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('invoices')
      .set({ status: 'expired' })
      .where('id', '=', id)
      .where('status', '=', 'unpaid')
      .where('expires_at', '<=', at)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}

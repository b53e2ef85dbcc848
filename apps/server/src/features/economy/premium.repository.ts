import { PREMIUM_PLANS, premiumPriceSetting, type PremiumPlan } from '@chat/shared';
import type { Kysely, Selectable } from 'kysely';
import type { DB, PremiumPurchasesTable, UserRow } from '../../db/schema';

export type PremiumPurchaseRow = Selectable<PremiumPurchasesTable>;

/** The SQL of premium: prices, the locked users of a purchase, purchases, and expiry's cleanup. */
export class PremiumRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly postgres: boolean,
  ) {}

  /** Each plan's price: its site setting when it holds a positive whole number, else the default. */
  async prices(): Promise<Record<PremiumPlan, number>> {
    const keys = PREMIUM_PLANS.map((p) => premiumPriceSetting(p.plan));
    const rows = await this.db
      .selectFrom('site_settings')
      .select(['key', 'value'])
      .where('key', 'in', keys)
      .execute();
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    const out = {} as Record<PremiumPlan, number>;
    for (const { plan, defaultPrice } of PREMIUM_PLANS) {
      const value = stored.get(premiumPriceSetting(plan));
      const price = value !== undefined && /^\d{1,9}$/.test(value.trim()) ? Number(value) : 0;
      out[plan] = price > 0 ? price : defaultPrice;
    }
    return out;
  }

  findUser(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The users of one purchase, locked in id order on PostgreSQL (SQLite runs one write
   * transaction at a time): a gift from A to B and one from B to A cannot deadlock, and two
   * purchases for the same person extend one after the other from the end the first wrote.
   */
  async lockUsers(tx: Kysely<DB>, ids: number[]): Promise<Map<number, UserRow>> {
    let query = tx
      .selectFrom('users')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .orderBy('id');
    if (this.postgres) query = query.forNoKeyUpdate();
    const rows = await query.execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  async setPremiumUntil(tx: Kysely<DB>, userId: number, until: string): Promise<void> {
    await tx.updateTable('users').set({ premium_until: until }).where('id', '=', userId).execute();
  }

  async insertPurchase(
    tx: Kysely<DB>,
    row: Omit<PremiumPurchaseRow, 'id'>,
  ): Promise<PremiumPurchaseRow> {
    return tx.insertInto('premium_purchases').values(row).returningAll().executeTakeFirstOrThrow();
  }

  purchase(id: number): Promise<PremiumPurchaseRow | undefined> {
    return this.db
      .selectFrom('premium_purchases')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Whether the user's frame is one of the premium-only ones. */
  async wearsPremiumFrame(tx: Kysely<DB>, frameId: number | null): Promise<boolean> {
    if (frameId === null) return false;
    const row = await tx
      .selectFrom('frames')
      .select('premium_only')
      .where('id', '=', frameId)
      .executeTakeFirst();
    return row?.premium_only === 1;
  }

  /**
   * Takes off the looks premium put on (a gradient nick, a premium frame), in the expiry's
   * transaction: the one write of economy into the profile's columns (db/user-columns.ts).
   */
  async takeOffLooks(
    tx: Kysely<DB>,
    userId: number,
    changes: { nick_style?: string; frame_id?: null; frame?: null },
  ): Promise<void> {
    await tx.updateTable('users').set(changes).where('id', '=', userId).execute();
  }

  /** Makes the user visible in every room they were invisible in; answers those rooms. */
  async showInRooms(tx: Kysely<DB>, userId: number): Promise<number[]> {
    const rows = await tx
      .updateTable('room_users')
      .set({ invisible: 0 })
      .where('user_id', '=', userId)
      .where('invisible', '=', 1)
      .returning('room_id')
      .execute();
    return rows.map((r) => r.room_id).sort((a, b) => a - b);
  }
}

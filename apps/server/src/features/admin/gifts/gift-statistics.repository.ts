import type { Kysely } from 'kysely';
import type { DialectName } from '../../../db/database';
import type { DB, GiftRow } from '../../../db/schema';
import { moscowDaySql, type DayPeriod } from './admin-period';

/** Gifts sent in one Moscow day, of one gift, by one sender, anonymous or not. */
export interface SalesRow {
  day: string;
  gift_id: number;
  sender_id: number;
  anonymous: boolean;
  count: number;
  coins: number;
}

/** The SQL of the gift statistics: sales counted per day by the database. */
export class GiftStatisticsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: DialectName,
  ) {}

  async sales(period: DayPeriod): Promise<SalesRow[]> {
    const day = moscowDaySql(this.dialect, 'created_at');
    const rows = await this.db
      .selectFrom('user_gifts')
      .select((eb) => [
        day.as('day'),
        'gift_id',
        'sender_id',
        'anonymous',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('price').as('coins'),
      ])
      .where('created_at', '>=', period.start)
      .where('created_at', '<', period.end)
      .groupBy([day, 'gift_id', 'sender_id', 'anonymous'])
      .execute();
    return rows.map((r) => ({
      day: r.day,
      gift_id: r.gift_id,
      sender_id: r.sender_id,
      anonymous: Number(r.anonymous) === 1,
      count: Number(r.n),
      coins: Number(r.coins),
    }));
  }

  async gifts(ids: number[]): Promise<GiftRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('gifts').selectAll().where('id', 'in', ids).execute();
  }
}

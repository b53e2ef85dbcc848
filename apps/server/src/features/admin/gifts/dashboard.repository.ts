import { MESSAGE_TYPE } from '@chat/shared';
import type { Kysely } from 'kysely';
import { registeredPeople } from '../../../access/profile-content.policy';
import type { DialectName } from '../../../db/database';
import type { DB } from '../../../db/schema';
import { moscowDaySql, type DayPeriod } from './admin-period';

/** A count (and a sum) per Moscow day; days without rows are left out. */
export type PerDay = Map<string, { count: number; sum: number }>;

const perDay = (rows: { day: string; n: unknown; total?: unknown }[]): PerDay =>
  new Map(rows.map((r) => [r.day, { count: Number(r.n), sum: Number(r.total ?? 0) }]));

/** The SQL of the dashboard: each series counted per day by the database. */
export class DashboardRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: DialectName,
  ) {}

  /** People with a socket in a room now (room_users.absent_since is null), invisible too. */
  async onlineNow(): Promise<number> {
    const row = await this.db
      .selectFrom('room_users')
      .where('absent_since', 'is', null)
      .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Room messages people wrote (system lines are the site's, not theirs). */
  async roomMessages(period: DayPeriod): Promise<PerDay> {
    const day = moscowDaySql(this.dialect, 'created_at');
    return perDay(
      await this.db
        .selectFrom('messages')
        .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
        .where('created_at', '>=', period.start)
        .where('created_at', '<', period.end)
        .where('type_id', '!=', MESSAGE_TYPE.system)
        .groupBy(day)
        .execute(),
    );
  }

  async privateMessages(period: DayPeriod): Promise<PerDay> {
    const day = moscowDaySql(this.dialect, 'created_at');
    return perDay(
      await this.db
        .selectFrom('im_messages')
        .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
        .where('created_at', '>=', period.start)
        .where('created_at', '<', period.end)
        .groupBy(day)
        .execute(),
    );
  }

  /** Accounts made in the period that are registered (guests are not registrations). */
  async registrations(period: DayPeriod): Promise<PerDay> {
    const day = moscowDaySql(this.dialect, 'users.created_at');
    return perDay(
      await this.db
        .selectFrom('users')
        .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
        .where('users.created_at', '>=', period.start)
        .where('users.created_at', '<', period.end)
        .where(registeredPeople())
        .groupBy(day)
        .execute(),
    );
  }

  /** Paid invoices by the day they were paid: how many and their amount. */
  async payments(period: DayPeriod): Promise<PerDay> {
    const day = moscowDaySql(this.dialect, 'paid_at');
    return perDay(
      await this.db
        .selectFrom('invoices')
        .select((eb) => [
          day.as('day'),
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>('amount').as('total'),
        ])
        .where('status', '=', 'paid')
        .where('paid_at', '>=', period.start)
        .where('paid_at', '<', period.end)
        .groupBy(day)
        .execute(),
    );
  }

  /** Gifts sent: how many and the coins paid for them. */
  async giftSales(period: DayPeriod): Promise<PerDay> {
    const day = moscowDaySql(this.dialect, 'created_at');
    return perDay(
      await this.db
        .selectFrom('user_gifts')
        .select((eb) => [
          day.as('day'),
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>('price').as('total'),
        ])
        .where('created_at', '>=', period.start)
        .where('created_at', '<', period.end)
        .groupBy(day)
        .execute(),
    );
  }
}

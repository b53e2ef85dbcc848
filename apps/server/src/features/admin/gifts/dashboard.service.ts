import type { Dashboard } from '@chat/shared';
import { dayPeriod, daysOf } from './admin-period';
import type { DashboardRepository } from './dashboard.repository';

/** How the site is doing: who is online now, and what happened each day of a period. */
export class DashboardService {
  constructor(private readonly repo: DashboardRepository) {}

  async read(query: { from?: string | undefined; to?: string | undefined }): Promise<Dashboard> {
    const period = dayPeriod(query, 30);
    const [online, messages, im, registrations, payments, gifts] = await Promise.all([
      this.repo.onlineNow(),
      this.repo.roomMessages(period),
      this.repo.privateMessages(period),
      this.repo.registrations(period),
      this.repo.payments(period),
      this.repo.giftSales(period),
    ]);
    return {
      from: period.from,
      to: period.to,
      online_now: online,
      days: daysOf(period).map((day) => ({
        day,
        messages: messages.get(day)?.count ?? 0,
        private_messages: im.get(day)?.count ?? 0,
        registrations: registrations.get(day)?.count ?? 0,
        payments: payments.get(day)?.count ?? 0,
        payments_amount: payments.get(day)?.sum ?? 0,
        gift_sales: gifts.get(day)?.count ?? 0,
        gift_coins: gifts.get(day)?.sum ?? 0,
      })),
    };
  }
}

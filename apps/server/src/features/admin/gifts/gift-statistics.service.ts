import {
  GIFT_TOP_SENDERS,
  type GiftPeriodStats,
  type GiftStatistics,
  type PublicUser,
  type StatsGroup,
} from '@chat/shared';
import type { Viewer } from '../../../access/viewer';
import type { UserRow } from '../../../db/schema';
import { giftUrl } from '../../economy/gifts.presenter';
import { presentPublicUser } from '../../users/user.presenter';
import { dayPeriod, periodOf, periodsOf } from './admin-period';
import type { GiftStatisticsRepository, SalesRow } from './gift-statistics.repository';

export interface StatisticsQuery {
  from?: string | undefined;
  to?: string | undefined;
  group: StatsGroup;
}

/** Sales of one gift (or all) in one period, as they are added up. */
class Tally {
  count = 0;
  coins = 0;
  anonymous = 0;
  readonly senders = new Map<number, { count: number; coins: number }>();

  add(row: SalesRow, senderShown: boolean): void {
    this.count += row.count;
    this.coins += row.coins;
    if (row.anonymous) this.anonymous += row.count;
    if (!senderShown) return;
    const sender = this.senders.get(row.sender_id) ?? { count: 0, coins: 0 };
    sender.count += row.count;
    sender.coins += row.coins;
    this.senders.set(row.sender_id, sender);
  }

  topSenderIds(): number[] {
    return [...this.senders.entries()]
      .sort(([a, x], [b, y]) => y.count - x.count || y.coins - x.coins || a - b)
      .slice(0, GIFT_TOP_SENDERS)
      .map(([id]) => id);
  }

  present(period: string, users: Map<number, PublicUser>): GiftPeriodStats {
    return {
      period,
      count: this.count,
      coins: this.coins,
      anonymous_share:
        this.count === 0 ? 0 : Math.round((this.anonymous / this.count) * 1000) / 1000,
      top_senders: this.topSenderIds().flatMap((id) => {
        const user = users.get(id);
        const sums = this.senders.get(id)!;
        return user ? [{ user, count: sums.count, coins: sums.coins }] : [];
      }),
    };
  }
}

export interface StatisticsPorts {
  findUsers: (ids: number[]) => Promise<UserRow[]>;
}

/**
 * Per gift and period: how many were sent, for how many coins, the anonymous share and the top
 * senders. An anonymous gift's sender counts among the top senders only for an admin who may
 * know it (`gifts.see_anonymous`), as everywhere else on the site.
 */
export class GiftStatisticsService {
  constructor(
    private readonly repo: GiftStatisticsRepository,
    private readonly ports: StatisticsPorts,
  ) {}

  async read(viewer: Viewer, query: StatisticsQuery): Promise<GiftStatistics> {
    const period = dayPeriod(query, 30);
    const seeAnonymous = viewer.can('gifts.see_anonymous');
    const rows = await this.repo.sales(period);

    const totals = new Map(periodsOf(period, query.group).map((p) => [p, new Tally()]));
    const perGift = new Map<number, { total: Tally; periods: Map<string, Tally> }>();
    for (const row of rows) {
      const key = periodOf(row.day, query.group);
      const shown = seeAnonymous || !row.anonymous;
      totals.get(key)?.add(row, shown);
      let gift = perGift.get(row.gift_id);
      if (!gift) perGift.set(row.gift_id, (gift = { total: new Tally(), periods: new Map() }));
      gift.total.add(row, shown);
      let tally = gift.periods.get(key);
      if (!tally) gift.periods.set(key, (tally = new Tally()));
      tally.add(row, shown);
    }

    const tallies = [
      ...totals.values(),
      ...[...perGift.values()].flatMap((g) => [g.total, ...g.periods.values()]),
    ];
    const users = await this.people(tallies.flatMap((t) => t.topSenderIds()));
    const gifts = new Map((await this.repo.gifts([...perGift.keys()])).map((g) => [g.id, g]));
    const range = `${period.from}..${period.to}`;

    return {
      from: period.from,
      to: period.to,
      group: query.group,
      totals: [...totals.entries()].map(([p, tally]) => tally.present(p, users)),
      gifts: [...perGift.entries()]
        .flatMap(([id, sums]) => {
          const gift = gifts.get(id);
          if (!gift) return [];
          return [
            {
              gift: { id, name_ru: gift.name_ru, name_en: gift.name_en, image: giftUrl(gift.file) },
              total: sums.total.present(range, users),
              periods: [...sums.periods.entries()]
                .sort(([a], [b]) => a.localeCompare(b))
                .map(([p, tally]) => tally.present(p, users)),
            },
          ];
        })
        .sort((a, b) => b.total.count - a.total.count || a.gift.id - b.gift.id),
    };
  }

  private async people(ids: number[]): Promise<Map<number, PublicUser>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    return new Map((await this.ports.findUsers(unique)).map((u) => [u.id, presentPublicUser(u)]));
  }
}

/**
 * The services behind /api/balance, /api/invoices, /api/payments, /api/bonus, /api/premium,
 * /api/gifts and /api/coins (app.deps.economy). Each part is added here as it lands:
 * - `ledger`: every credit and debit, bonus first, idempotent, never below zero (ledger.service.ts)
 * - `balance`: the history and invoices tabs, the daily bonus, coins to another person
 * - `payments`: invoices, the providers (test, YooKassa), webhooks, expiry
 * - `premium`: plans, buying and giving premium, expiry, the perks' checks
 * - `gifts`: the catalogue, sending gifts, the gifts on profiles
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { RateLimits } from '../../http/rate-limit';
import type { InvalidationBus } from '../../lib/cache/invalidation-bus';
import type { DomainEvents } from '../../events/domain-events';
import type { ReachLookup } from '../friends/reach';
import type { ModerationLogRepository } from '../moderation/moderation-log.repository';
import type { UsersRepository } from '../users/users.repository';
import { BalanceRepository } from './balance.repository';
import { BalanceService } from './balance.service';
import { CoinsService } from './coins.service';
import { DailyBonusService } from './daily-bonus.service';
import { GiftCatalogue } from './gift-catalogue';
import { GiftsRepository } from './gifts.repository';
import { GiftsService } from './gifts.service';
import { LedgerRepository } from './ledger.repository';
import { LedgerService } from './ledger.service';
import type { JobPayloads, JobQueue } from '../jobs/job-queue';
import { PremiumRepository } from './premium.repository';
import { PremiumService } from './premium.service';
import { createPayments, type Payments } from './payments/payments.services';

export interface EconomyServices {
  ledger: LedgerService;
  /** The balance page's tabs and the navbar's wallet. */
  balance: BalanceService;
  /** The daily bonus. */
  bonus: DailyBonusService;
  /** Coins as a gift. */
  coins: CoinsService;
  gifts: GiftsService;
  premium: PremiumService;
  /** Invoices, the providers (test, YooKassa), their notices, expiry (payments/). */
  payments: Payments;
}

/** What the economy needs from the rest of the site. */
export interface EconomyPorts {
  events: DomainEvents;
  users: UsersRepository;
  /** Stores and delivers a notification (NotificationsService.notify). */
  notify: (userId: number, kind: string, data: Record<string, unknown>) => Promise<unknown>;
  /** Who ignores whom (features/friends): gifts, coins and premium gifts reach nobody who does. */
  reach: ReachLookup;
  /** The moderation log (features/moderation): a gift's text removed is logged. */
  moderationLog: Pick<ModerationLogRepository, 'record'>;
  /** The job queue (premium's and invoices' expiry; their kinds: economy.module.ts). */
  jobs: JobQueue;
  /** Every node's caches hear the admin area's catalogue changes on it (the gift catalogue). */
  cacheBus: InvalidationBus;
  /** Writes with their events and jobs: every ledger operation is one unit. */
  units: UnitOfWork<JobPayloads>;
  /** Payments: which providers are on, the site's address, invoice creation limits, the log. */
  config: Config;
  rateLimits: RateLimits;
  log: FastifyBaseLogger;
}

export function createEconomyServices(database: Database, ports: EconomyPorts): EconomyServices {
  const ledger = new LedgerService(
    ports.units,
    new LedgerRepository(database.db, database.dialect === 'postgres'),
  );
  const giftsRepo = new GiftsRepository(database.db);
  const gifts = new GiftsService(giftsRepo, new GiftCatalogue(giftsRepo, ports.cacheBus), ledger, {
    users: ports.users,
    notify: ports.notify,
    reach: ports.reach,
    log: ports.moderationLog,
  });
  const premium = new PremiumService(
    new PremiumRepository(database.db, database.dialect === 'postgres'),
    ledger,
    { events: ports.events, units: ports.units, notify: ports.notify, reach: ports.reach },
  );
  const payments = createPayments(database.db, ports.config, {
    ledger,
    jobs: ports.jobs,
    units: ports.units,
    rateLimits: ports.rateLimits,
    notify: ports.notify,
    log: ports.log,
  });
  const balanceRepo = new BalanceRepository(database.db);
  const balance = new BalanceService(balanceRepo, ledger, ports.users, () =>
    payments.service.enabled(),
  );
  const bonus = new DailyBonusService(balanceRepo, ledger, { notify: ports.notify });
  const coins = new CoinsService(balanceRepo, ledger, {
    users: ports.users,
    notify: ports.notify,
    reach: ports.reach,
  });
  return { ledger, balance, bonus, coins, gifts, premium, payments };
}

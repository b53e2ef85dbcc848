import {
  moscowDay,
  nextMoscowMidnight,
  type BalanceTab,
  type InvoiceWire,
  type LedgerEntry,
  type PageMeta,
  type PaymentProvider,
  type PublicUser,
  type WalletInfo,
} from '@chat/shared';
import { pageMeta } from '../../lib/paging';
import { presentPublicUser } from '../users/user.presenter';
import type { UsersRepository } from '../users/users.repository';
import type { BalanceRepository } from './balance.repository';
import { presentLedgerEntry } from './ledger.presenter';
import { LEDGER_PAGE, type LedgerService } from './ledger.service';
import { presentInvoice } from './payments/invoices.presenter';

export const INVOICES_PAGE = 20;

export type BalancePage =
  | { tab: 'history'; data: LedgerEntry[]; meta: PageMeta }
  | { tab: 'invoices'; data: InvoiceWire[]; meta: PageMeta };

/** The balance page's tabs and the navbar's wallet (read-only). */
export class BalanceService {
  constructor(
    private readonly repo: BalanceRepository,
    private readonly ledger: LedgerService,
    private readonly users: Pick<UsersRepository, 'findMany'>,
    /** The top-up providers on offer (payments: configuration). */
    private readonly providers: () => PaymentProvider[] = () => [],
    private readonly now: () => Date = () => new Date(),
  ) {}

  async tab(userId: number, tab: BalanceTab, page: number): Promise<BalancePage> {
    if (tab === 'invoices') {
      const { rows, total } = await this.repo.invoices(userId, page, INVOICES_PAGE);
      const at = this.now();
      return {
        tab,
        data: rows.map((r) => presentInvoice(r, at)),
        meta: pageMeta(page, INVOICES_PAGE, total),
      };
    }
    const { rows, meta } = await this.ledger.history(userId, page, LEDGER_PAGE);
    const ids = [...new Set(rows.flatMap((r) => (r.counterpart_id ? [r.counterpart_id] : [])))];
    const people = new Map<number, PublicUser>(
      (ids.length > 0 ? await this.users.findMany(ids) : []).map((u) => [
        u.id,
        presentPublicUser(u),
      ]),
    );
    return {
      tab,
      data: rows.map((r) =>
        presentLedgerEntry(r, r.counterpart_id ? (people.get(r.counterpart_id) ?? null) : null),
      ),
      meta,
    };
  }

  async info(userId: number): Promise<WalletInfo> {
    const at = this.now();
    const [wallet, claimed] = await Promise.all([
      this.ledger.wallet(userId),
      this.repo.hasClaimed(userId, moscowDay(at)),
    ]);
    return {
      wallet,
      daily_bonus_available: !claimed,
      daily_bonus_next_at: (claimed ? nextMoscowMidnight(at) : at).toISOString(),
      providers: this.providers(),
    };
  }
}

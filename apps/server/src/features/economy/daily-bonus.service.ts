import {
  DAILY_BONUS_COINS,
  moscowDay,
  nextMoscowMidnight,
  type DailyBonusWire,
} from '@chat/shared';
import { AppError } from '../../http/app-error';
import { retryHeaders } from '../../http/rate-limit';
import { isUniqueViolation } from '../../lib/db-errors';
import { numberSetting } from '../admin/settings/live-settings';
import type { BalanceRepository } from './balance.repository';
import { presentLedgerEntry } from './ledger.presenter';
import { OperationReplayed, type LedgerService } from './ledger.service';

export interface DailyBonusPorts {
  notify(userId: number, kind: string, data: Record<string, unknown>): Promise<unknown>;
}

/**
 * The daily bonus (`bonus-every-day`): DAILY_BONUS_COINS to the bonus part once per Moscow
 * calendar day. The claim's primary key (user, day) is the guard, so twenty clicks at once give
 * one credit; the day is taken once per call, so a claim at 20:59:59.999Z counts for the day
 * that is ending.
 */
export class DailyBonusService {
  constructor(
    private readonly repo: BalanceRepository,
    private readonly ledger: LedgerService,
    private readonly ports: DailyBonusPorts,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async claim(userId: number): Promise<DailyBonusWire> {
    const at = this.now();
    const day = moscowDay(at);
    const next = nextMoscowMidnight(at);
    const amount = numberSetting('daily_bonus_coins', DAILY_BONUS_COINS);
    let result;
    try {
      result = await this.ledger.run(async (tx) => {
        await this.repo.insertClaim(tx.db, userId, day, amount, at.toISOString());
        return tx.creditRows({
          userId,
          amount,
          part: 'bonus',
          reason: 'daily-bonus',
          refType: 'bonus',
          opKey: `daily-bonus:${day}`,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error) || error instanceof OperationReplayed)
        throw alreadyClaimed(next, at);
      throw error;
    }
    await this.ports.notify(userId, 'bonus-every-day', { amount });
    return {
      entry: presentLedgerEntry(result.rows[0]!, null),
      wallet: result.wallet,
      next_at: next.toISOString(),
    };
  }
}

/** 429 with the time the next claim opens, in the headers and in the message. */
function alreadyClaimed(next: Date, at: Date): AppError {
  return new AppError('too_many_requests', {
    messageKey: 'bonus.claimed',
    params: { next: next.toISOString().slice(0, 16).replace('T', ' ') },
    headers: {
      'X-RateLimit-Limit': '1',
      'X-RateLimit-Remaining': '0',
      ...retryHeaders(next.getTime(), at.getTime()),
    },
  });
}

import {
  COINS_GIFT_DAILY_LIMIT,
  moscowDay,
  nextMoscowMidnight,
  type CoinsSent,
  type sendCoinsBody,
} from '@chat/shared';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema';
import { AppError, invalid } from '../../http/app-error';
import { presentPublicUser } from '../users/user.presenter';
import type { UsersRepository } from '../users/users.repository';
import type { BalanceRepository, CoinTransferRow } from './balance.repository';
import { OperationReplayed, type LedgerService } from './ledger.service';
import { isRegistered } from '../../access/permissions';
import { assertMayReach, type ReachLookup } from '../friends/reach';

export type SendCoinsBody = z.infer<typeof sendCoinsBody>;

export interface CoinsPorts {
  users: Pick<UsersRepository, 'findById'>;
  notify(userId: number, kind: string, data: Record<string, unknown>): Promise<unknown>;
  /** Who ignores whom: coins (and their text) reach nobody who ignores the sender. */
  reach: ReachLookup;
}

export interface CoinsResult {
  coins: CoinsSent;
  /** The same request_id again: the first transfer, nothing moved (answered 200). */
  replay: boolean;
}

/**
 * Coins as a gift (`gift-coins`): from the sender's balance only (the bonus is the site's gift,
 * not theirs to pass on), to a registered person who is not the sender, at most
 * COINS_GIFT_DAILY_LIMIT a Moscow day. Both wallets move in one transaction.
 */
export class CoinsService {
  constructor(
    private readonly repo: BalanceRepository,
    private readonly ledger: LedgerService,
    private readonly ports: CoinsPorts,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(sender: UserRow, body: SendCoinsBody): Promise<CoinsResult> {
    // Namespaced: the same client key used for a gift or premium is another operation.
    const opKey = body.request_id ? `coins:${body.request_id}` : null;
    if (opKey) {
      const first = await this.replay(sender.id, opKey);
      if (first) return { coins: first, replay: true };
    }
    const recipient =
      body.user_id === sender.id ? undefined : await this.ports.users.findById(body.user_id);
    // Oneself, nobody, a deleted account, or a guest (whose account is temporary).
    if (!recipient || recipient.deleted_at !== null || !isRegistered(recipient))
      throw invalid({ user_id: ['coins.recipient'] });
    // Before anything moves: an ignored sender reaches the recipient with nothing.
    await assertMayReach(this.ports.reach, sender.id, recipient.id);

    const at = this.now();
    const day = moscowDay(at);
    const text = body.text ? body.text : null;
    let done;
    try {
      done = await this.ledger.run(async (tx) => {
        // Both wallets in id order: A→B and B→A at once must not deadlock. The sender's lock
        // also makes the day's sum below see every earlier transfer of theirs.
        await tx.lock([sender.id, recipient.id]);
        const transfer = await this.repo.insertTransfer(tx.db, {
          sender_id: sender.id,
          recipient_id: recipient.id,
          amount: body.amount,
          text,
          day,
          created_at: at.toISOString(),
        });
        const wallet = await tx.debit({
          userId: sender.id,
          amount: body.amount,
          reason: 'coins-sent',
          refType: 'coins',
          refId: transfer.id,
          counterpartId: recipient.id,
          balanceOnly: true,
          opKey,
        });
        if ((await this.repo.givenOn(tx.db, sender.id, day)) > COINS_GIFT_DAILY_LIMIT)
          throw overLimit(at);
        await tx.credit({
          userId: recipient.id,
          amount: body.amount,
          part: 'balance',
          reason: 'coins-received',
          refType: 'coins',
          refId: transfer.id,
          counterpartId: sender.id,
        });
        return { transfer, wallet };
      });
    } catch (error) {
      if (opKey && error instanceof OperationReplayed) {
        const first = await this.replay(sender.id, opKey);
        if (first) return { coins: first, replay: true };
      }
      throw error;
    }

    await this.ports.notify(recipient.id, 'gift-coins', {
      amount: body.amount,
      sender: presentPublicUser(sender),
      text,
    });
    return { coins: present(done.transfer, recipient, done.wallet), replay: false };
  }

  private async replay(senderId: number, opKey: string): Promise<CoinsSent | null> {
    const op = await this.ledger.findOperation(senderId, opKey);
    if (!op?.refId) return null;
    const transfer = await this.repo.findTransfer(op.refId);
    const recipient = transfer && (await this.ports.users.findById(transfer.recipient_id));
    if (!transfer || !recipient) return null;
    return present(transfer, recipient, await this.ledger.wallet(senderId));
  }
}

function present(
  transfer: CoinTransferRow,
  recipient: UserRow,
  wallet: CoinsSent['wallet'],
): CoinsSent {
  return {
    id: transfer.id,
    amount: transfer.amount,
    recipient: presentPublicUser(recipient),
    text: transfer.text,
    wallet,
    created_at: transfer.created_at,
  };
}

function overLimit(at: Date): AppError {
  return new AppError('validation', {
    messageKey: 'coins.daily_limit',
    errors: { amount: ['coins.daily_limit'] },
    params: {
      limit: String(COINS_GIFT_DAILY_LIMIT),
      next: nextMoscowMidnight(at).toISOString().slice(0, 16).replace('T', ' '),
    },
  });
}

import {
  PREMIUM_PLANS,
  premiumEndAfter,
  type PremiumBought,
  type PremiumInfo,
  type PremiumPlan,
  type WalletWire,
} from '@chat/shared';
import type { UserRow } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { DomainEvents } from '../../events/domain-events';
import type { JobPayloads } from '../jobs/job-queue';
import { invalid } from '../../http/app-error';
import { presentPremium, presentPublicUser } from '../users/user.presenter';
import { OperationReplayed, type LedgerService } from './ledger.service';
import type { PremiumPurchaseRow, PremiumRepository } from './premium.repository';
import { PREMIUM_EXPIRE_JOB } from './premium-expiry';
import { takeOffPerks } from './premium-perks';
import { isRegistered } from '../../access/permissions';
import { assertMayReach, type ReachLookup } from '../friends/reach';

export interface PremiumPorts {
  events: DomainEvents;
  /** Premium's end: the perks come off and are announced in one unit. */
  units: UnitOfWork<JobPayloads>;
  /** A premium gift's notification to its recipient (kind `gift`). */
  notify(userId: number, kind: 'gift', data: Record<string, unknown>): Promise<unknown>;
  /** Who ignores whom: premium as a gift reaches nobody who ignores the buyer. */
  reach: ReachLookup;
}

export interface PremiumBuy {
  plan: PremiumPlan;
  /** A gift: who receives it (not the buyer). */
  user_id?: number | undefined;
  request_id?: string | undefined;
}

/**
 * Premium: the plans, buying it for oneself or as a gift (paid from the buyer's wallet through
 * the ledger), and its end. The perks themselves are permissions (PREMIUM_PERMISSIONS), so every
 * check reads `premium_until` live; the expiry job only takes off what premium had put on.
 */
export class PremiumService {
  constructor(
    private readonly repo: PremiumRepository,
    private readonly ledger: LedgerService,
    private readonly ports: PremiumPorts,
  ) {}

  async info(user: UserRow): Promise<PremiumInfo> {
    const prices = await this.repo.prices();
    return {
      plans: PREMIUM_PLANS.map(({ plan, days }) => ({ plan, days, price: prices[plan] })),
      premium: presentPremium(user),
    };
  }

  async buy(buyer: UserRow, body: PremiumBuy): Promise<PremiumBought> {
    const plan = PREMIUM_PLANS.find((p) => p.plan === body.plan)!;
    const recipientId = body.user_id ?? buyer.id;
    const gift = recipientId !== buyer.id;
    if (body.user_id !== undefined && !gift) throw invalid({ user_id: ['premium.self'] });
    if (gift) {
      const recipient = await this.repo.findUser(recipientId);
      if (!recipient || recipient.deleted_at !== null || !isRegistered(recipient))
        throw invalid({ user_id: ['premium.recipient'] });
      // Before anything is charged: an ignored buyer gives the recipient nothing.
      await assertMayReach(this.ports.reach, buyer.id, recipientId);
    }
    // The client's key of this purchase: a copy of it (a retry, a double click) answers the first.
    const opKey = body.request_id ? `premium:${body.request_id}` : null;
    if (opKey) {
      const done = await this.replayed(buyer.id, opKey);
      if (done) return done;
    }
    const price = (await this.repo.prices())[plan.plan];
    let purchase: PremiumPurchaseRow;
    let wallet: WalletWire;
    try {
      ({ purchase, wallet } = await this.ledger.run(async (tx) => {
        const locked = await this.repo.lockUsers(tx.db, [buyer.id, recipientId]);
        const recipient = locked.get(recipientId);
        // Deleted between the check and the lock: nothing is bought.
        if (!recipient || recipient.deleted_at !== null)
          throw invalid({ user_id: ['premium.recipient'] });
        // Read under the lock, so two purchases at the same instant extend one after the other.
        const now = new Date();
        const until = premiumEndAfter(recipient.premium_until, plan.days, now);
        await this.repo.setPremiumUntil(tx.db, recipientId, until);
        const row = await this.repo.insertPurchase(tx.db, {
          buyer_id: buyer.id,
          user_id: recipientId,
          plan: plan.plan,
          days: plan.days,
          price,
          until,
          created_at: now.toISOString(),
        });
        const after = await tx.debit({
          userId: buyer.id,
          amount: price,
          reason: gift ? 'premium-gift' : 'premium',
          refType: 'premium',
          refId: row.id,
          counterpartId: gift ? recipientId : null,
          opKey,
        });
        // In the purchase's commit: no premium is ever left without its end.
        await tx.enqueue(
          PREMIUM_EXPIRE_JOB,
          { userId: recipientId, until },
          { runAt: new Date(until), dedupeKey: expiryKey(recipientId, until) },
        );
        return { purchase: row, wallet: after };
      }));
    } catch (error) {
      if (error instanceof OperationReplayed && opKey) {
        const done = await this.replayed(buyer.id, opKey);
        if (done) return done;
      }
      throw error;
    }
    const recipient = await this.announce(purchase.user_id);
    if (gift)
      await this.ports.notify(recipientId, 'gift', {
        type: 'gift',
        // Tells a premium gift from a gift of the catalogue (which carries `gift` instead).
        premium: plan.plan,
        days: plan.days,
        sender: presentPublicUser(buyer),
        user: presentPublicUser(buyer),
      });
    return { user_id: recipient.id, premium: presentPremium(recipient), wallet };
  }

  /**
   * The `premium.expire` job: when the user's premium is over (not extended since), takes off
   * the perks it gave and announces the end. Staff keep what their role gives them.
   */
  async expire(userId: number): Promise<void> {
    // Under the user's lock: a purchase committing meanwhile is seen, and its perks stay.
    await this.ports.units.run(async (tx) => {
      const user = (await this.repo.lockUsers(tx.db, [userId])).get(userId);
      if (!user || user.premium_until === null || presentPremium(user).active) return;
      const perks = await takeOffPerks(this.repo, tx.db, user);
      // The row as this unit leaves it: what the events below carry.
      const after = (await this.repo.lockUsers(tx.db, [userId])).get(userId)!;
      if (perks.nick) tx.emit('user.nick', { userId, nick: perks.nick });
      if (perks.frameRemoved) tx.emit('user.frame', { userId, frame: null });
      for (const roomId of perks.rooms)
        tx.emit('chat.user.visibility', { roomId, userId, invisible: false });
      tx.emit('premium.changed', { userId, premium: presentPremium(after) });
      tx.emit('user.updated', { user: presentPublicUser(after) });
    });
  }

  /** The answer of an operation already done with this key, or null when there is none. */
  private async replayed(buyerId: number, opKey: string): Promise<PremiumBought | null> {
    const op = await this.ledger.findOperation(buyerId, opKey);
    if (!op || op.refType !== 'premium' || op.refId === null) return null;
    const purchase = await this.repo.purchase(op.refId);
    const recipient = purchase && (await this.repo.findUser(purchase.user_id));
    if (!recipient) return null;
    return {
      user_id: recipient.id,
      premium: presentPremium(recipient),
      wallet: await this.ledger.wallet(buyerId),
    };
  }

  private async announce(userId: number): Promise<UserRow> {
    const user = (await this.repo.findUser(userId))!;
    this.ports.events.emit('premium.changed', { userId: user.id, premium: presentPremium(user) });
    this.ports.events.emit('user.updated', { user: presentPublicUser(user) });
    return user;
  }
}

export function expiryKey(userId: number, until: string): string {
  return `premium.expire:${userId}:${until}`;
}

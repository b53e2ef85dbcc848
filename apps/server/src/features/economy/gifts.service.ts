import {
  isPremiumActive,
  type Gift,
  type Locale,
  type PublicUser,
  type SentGift,
  type sendGiftBody,
} from '@chat/shared';
import type { z } from 'zod';
import type { UserGiftRow, UserRow } from '../../db/schema';
import { AppError, forbidden, invalid, notFound } from '../../http/app-error';
import { nowIso } from '../../lib/clock';
import * as giftPolicy from '../../access/gift.policy';
import { isSelf, viewerOf } from '../../access/viewer';
import { presentPublicUser } from '../users/user.presenter';
import type { ModerationLogRepository } from '../moderation/moderation-log.repository';
import type { UsersRepository } from '../users/users.repository';
import { giftNotificationData, presentGift, presentSentGift } from './gifts.presenter';
import type { GiftCatalogue } from './gift-catalogue';
import type { GiftsRepository } from './gifts.repository';
import { OperationReplayed, type LedgerService } from './ledger.service';
import { isRegistered } from '../../access/permissions';
import { assertMayReach, type ReachLookup } from '../friends/reach';

export type SendGiftBody = z.infer<typeof sendGiftBody>;

/** How many gifts a profile shows, newest first. */
export const PROFILE_GIFTS = 50;

export interface GiftsPorts {
  users: Pick<UsersRepository, 'findById' | 'findMany'>;
  /** Stores and delivers a notification (NotificationsService.notify). */
  notify: (userId: number, kind: string, data: Record<string, unknown>) => Promise<unknown>;
  /** Who ignores whom: a gift reaches nobody who ignores its sender (nor whom they ignore). */
  reach: ReachLookup;
  /** The moderation log (features/moderation): a gift's text removed is logged with it. */
  log?: Pick<ModerationLogRepository, 'record'>;
}

export interface SendResult {
  gift: SentGift;
  /** The same request_id again: the first gift, nothing spent (answered 200, not 201). */
  replay: boolean;
}

/**
 * The gift catalogue, sending gifts, and the gifts a profile shows. A gift is bought from the
 * sender's coins (bonus first) and is not coins for the recipient: they get no ledger row. The
 * sender of an anonymous gift is known only to the sender and to `gifts.see_anonymous`.
 */
export class GiftsService {
  constructor(
    private readonly repo: GiftsRepository,
    private readonly gifts: GiftCatalogue,
    private readonly ledger: LedgerService,
    private readonly ports: GiftsPorts,
  ) {}

  async catalogue(locale: Locale): Promise<Gift[]> {
    return (await this.repo.active()).map((g) => presentGift(g, locale));
  }

  /**
   * Buys a gift from the sender's coins: the gift's row and its debit in one transaction, the
   * ledger's purchase (the wallet read once, the key checked once, LedgerService.purchase);
   * the recipient's notification and the wallet's event follow the commit, off the answer's
   * path. A `request_id` seen before answers the first gift (`replay`): such a copy is rare
   * (a retry, a double click), so it is not looked for up front but found by the ledger, or,
   * when the request fails for another reason first, looked up then.
   */
  async send(sender: UserRow, body: SendGiftBody, locale: Locale): Promise<SendResult> {
    // Namespaced: the same client key used for premium or coins is another operation.
    const opKey = body.request_id ? `gift:${body.request_id}` : null;
    try {
      return { gift: await this.buy(sender, body, opKey, locale), replay: false };
    } catch (error) {
      // A copy answers the first gift whatever changed since: its price, the catalogue, the
      // recipient's ignore list, the coins left.
      if (opKey && (error instanceof OperationReplayed || error instanceof AppError)) {
        const first = await this.replay(sender, opKey, locale);
        if (first) return { gift: first, replay: true };
      }
      throw error;
    }
  }

  private async buy(
    sender: UserRow,
    body: SendGiftBody,
    opKey: string | null,
    locale: Locale,
  ): Promise<SentGift> {
    const gift = await this.gifts.find(body.gift_id);
    if (!gift || gift.active !== 1) throw notFound();
    if (gift.premium_only === 1 && !isPremiumActive(sender.premium_until))
      throw forbidden('gift.premium');
    if (body.user_id === sender.id) throw invalid({ user_id: ['gift.self'] });
    // Both read at once and judged in order: a missing recipient is told before who ignores whom.
    const reached = assertMayReach(this.ports.reach, sender.id, body.user_id);
    reached.catch(() => undefined);
    const recipient = await this.ports.users.findById(body.user_id);
    if (!recipient || recipient.deleted_at !== null) throw notFound();
    // A guest's profile is temporary: a gift to it would vanish with it.
    if (!isRegistered(recipient)) throw invalid({ user_id: ['gift.recipient'] });
    // Before anything is charged: an ignored sender reaches the recipient with nothing.
    await reached;

    const senderWire = presentPublicUser(sender);
    const { row } = await this.ledger.purchase(
      {
        userId: sender.id,
        amount: gift.price,
        reason: 'gift',
        refType: 'gift',
        counterpartId: recipient.id,
        opKey,
      },
      this.repo.sentGift({
        gift_id: gift.id,
        sender_id: sender.id,
        recipient_id: recipient.id,
        price: gift.price,
        text: body.text ? body.text : null,
        anonymous: body.anonymous ? 1 : 0,
        private: body.private ? 1 : 0,
        created_at: nowIso(),
      }),
      // Not awaited by the answer: the gift is bought whether or not its notification is
      // stored (a failure is logged), and the recipient hears of it a moment later.
      (sent) =>
        this.ports.notify(
          recipient.id,
          'gift',
          giftNotificationData(sent, gift, sent.anonymous === 1 ? null : senderWire),
        ),
    );
    const people = { sender: senderWire, recipient: presentPublicUser(recipient) };
    return presentSentGift(row, gift, people, locale);
  }

  /**
   * The gifts on a profile as `viewer` sees them (access/gift.policy.ts): private and hidden
   * ones only to the recipient, an anonymous sender only to `gifts.see_anonymous` (not even to
   * the recipient); each with the viewer's abilities on it.
   */
  async received(viewer: UserRow | null, recipient: UserRow, locale: Locale): Promise<SentGift[]> {
    const rows = await this.repo.received(recipient.id, viewer?.id === recipient.id, PROFILE_GIFTS);
    if (rows.length === 0) return [];
    return this.presentMany(viewer, rows, recipient, locale);
  }

  /** The recipient takes a gift off their profile (`hidden`) or puts it back. */
  async hide(user: UserRow, id: number, hidden: boolean, locale: Locale): Promise<SentGift> {
    const row = await this.repo.sent(id);
    // Someone else's gift is not there for them.
    if (!row || !giftPolicy.can(viewerOf(user), 'hide', row)) throw notFound();
    const saved = (await this.repo.setHidden(id, hidden)) ?? row;
    return this.presentOne(user, saved, locale);
  }

  /**
   * Staff remove a gift's text (a reported anonymous insult, say): only over a sender they
   * outrank (access/gift.policy.ts, rank as sanctions have it); logged with the removal.
   */
  async removeText(moderator: UserRow, id: number, locale: Locale): Promise<SentGift> {
    const viewer = viewerOf(moderator);
    if (!viewer.can('content.moderate')) throw forbidden();
    const row = await this.repo.sent(id);
    if (!row) throw notFound();
    const sender = await this.ports.users.findById(row.sender_id);
    if (!giftPolicy.can(viewer, 'remove_text', row, sender))
      throw forbidden('moderation.outranked');
    const removed = await this.repo.removeText(id, nowIso(), async (trx) => {
      await this.ports.log?.record(
        {
          actorId: moderator.id,
          action: 'gift.remove_text',
          targetUserId: row.sender_id,
          subjectType: 'gift',
          subjectId: row.id,
          data: { text: row.text },
        },
        trx,
      );
    });
    return this.presentOne(moderator, removed ?? (await this.repo.sent(id)) ?? row, locale);
  }

  private async presentOne(viewer: UserRow, row: UserGiftRow, locale: Locale): Promise<SentGift> {
    const recipient = await this.ports.users.findById(row.recipient_id);
    if (!recipient) throw notFound();
    const [gift] = await this.presentMany(viewer, [row], recipient, locale);
    if (!gift) throw notFound();
    return gift;
  }

  private async presentMany(
    viewer: UserRow | null,
    rows: UserGiftRow[],
    recipient: UserRow,
    locale: Locale,
  ): Promise<SentGift[]> {
    const asker = viewerOf(viewer);
    const [gifts, senders] = await Promise.all([
      this.repo.many([...new Set(rows.map((r) => r.gift_id))]),
      this.ports.users.findMany([...new Set(rows.map((r) => r.sender_id))]),
    ]);
    const giftById = new Map(gifts.map((g) => [g.id, g]));
    const senderById = new Map(senders.map((u) => [u.id, u]));
    const recipientWire = presentPublicUser(recipient);
    return rows.flatMap((row) => {
      const gift = giftById.get(row.gift_id);
      if (!gift) return [];
      const senderRow = senderById.get(row.sender_id);
      const sender =
        giftPolicy.canSeeSender(asker, row) && senderRow ? presentPublicUser(senderRow) : null;
      const abilities = {
        hide: giftPolicy.can(asker, 'hide', row),
        remove_text: row.text !== null && giftPolicy.can(asker, 'remove_text', row, senderRow),
        report:
          row.text !== null &&
          asker.can('complaint.create') &&
          !isSelf(asker, row.sender_id) &&
          giftPolicy.canSee(asker, row),
      };
      return [presentSentGift(row, gift, { sender, recipient: recipientWire }, locale, abilities)];
    });
  }

  /** The gift of an earlier request with this key, as its sender sees it; null if none. */
  private async replay(sender: UserRow, opKey: string, locale: Locale): Promise<SentGift | null> {
    const operation = await this.ledger.findOperation(sender.id, opKey);
    if (!operation || operation.refType !== 'gift' || operation.refId === null) return null;
    const row = await this.repo.sent(operation.refId);
    if (!row) return null;
    const [gift, recipient] = await Promise.all([
      this.gifts.find(row.gift_id),
      this.ports.users.findById(row.recipient_id),
    ]);
    if (!gift || !recipient) return null;
    const people: { sender: PublicUser; recipient: PublicUser } = {
      sender: presentPublicUser(sender),
      recipient: presentPublicUser(recipient),
    };
    return presentSentGift(row, gift, people, locale);
  }
}

import {
  IM_AFTER_MAX,
  IM_CHANNELS_PAGE,
  IM_MESSAGES_PAGE,
  MESSAGE_MAX_LENGTH,
  type ImBlockReason,
  type ImCatchUp,
  type ImChannel,
  type ImChannelsPage,
  type ImMessage,
  type ImMessagesPage,
  type PageMeta,
  type PostImMessageBody,
} from '@chat/shared';
import type { ImChannelRow, ImMessageRow, UserRow } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { DomainEvents } from '../../events/domain-events';
import { AppError, forbidden, invalid, notFound } from '../../http/app-error';
import type { MessageKey } from '../../http/messages';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import type { RepeatGuard } from '../chat/repeat-guard';
import type { JobPayloads } from '../jobs/job-queue';
import type { Attachments } from '../uploads/attachments.service';
import type { UsersRepository } from '../users/users.repository';
import {
  can,
  canOpen,
  canSee,
  writeBlock,
  type FriendsLookup,
  type WriteFacts,
} from '../../access/private-channel.policy';
import { viewerOf } from '../../access/viewer';
import { presentImChannel, presentImMessage } from './im.presenter';
import type { NewImMessage } from './im-message-insert';
import type { ImRepository } from './im.repository';

export interface ImPostResult {
  message: ImMessage;
  /** The client_id was seen before: the first message is answered again (200). */
  replay: boolean;
}

/** Short replies ("ok", "да") repeat naturally in a dialogue; copy-paste flood is longer. */
const REPEAT_MIN_LENGTH = 16;

const BLOCK_MESSAGES: Record<ImBlockReason, MessageKey> = {
  guest: 'im.recipient_guest',
  ignored: 'im.ignored',
  ignoring: 'im.ignoring',
  friends_only: 'im.friends_only',
  deleted: 'not_found',
};

/** Private messages: channels per pair, messages, reads, delete and restore. */
export class ImService {
  private readonly rule: RateLimitRule;
  /** Sends of one (author, client_id) under way on this node: twins wait for the first. */
  private readonly inFlight = new Map<string, Promise<ImPostResult>>();
  private friends: FriendsLookup | null = null;

  constructor(
    private readonly im: ImRepository,
    private readonly users: UsersRepository,
    private readonly rateLimits: RateLimits,
    private readonly repeats: RepeatGuard,
    private readonly events: DomainEvents,
    private readonly attachments: Attachments,
    messagesPer10s: number,
    private readonly units: UnitOfWork<JobPayloads>,
  ) {
    // The public chat's budget (MESSAGE_RATE_LIMIT), counted separately for private messages.
    this.rule = { name: 'im-message', points: messagesPer10s, durationSeconds: 10 };
  }

  /** The friends feature plugs in here; until then `friends` privacy is stored, not enforced. */
  useFriends(lookup: FriendsLookup): void {
    this.friends = lookup;
  }

  unreadCount(userId: number): Promise<number> {
    return this.im.unreadTotal(userId);
  }

  async canSeeMessage(viewerId: number, messageId: number): Promise<boolean> {
    const message = await this.im.findMessage(messageId);
    const channel = message && (await this.im.findChannel(message.channel_id));
    return channel !== undefined && canSee({ id: viewerId }, channel);
  }

  async channels(viewer: UserRow, page: number): Promise<ImChannelsPage> {
    const total = await this.im.countListed(viewer.id);
    const meta = pageMeta(page, IM_CHANNELS_PAGE, total);
    const parties = await this.im.listParties(
      viewer.id,
      (page - 1) * IM_CHANNELS_PAGE,
      IM_CHANNELS_PAGE,
    );
    const others = new Map(
      (await this.users.findMany(parties.map((p) => p.other_id))).map((u) => [u.id, u]),
    );
    const last = new Map(
      (await this.im.lastMessagesOf(parties.map((p) => p.channel_id))).map((m) => [
        m.channel_id,
        m,
      ]),
    );
    const ignores = await this.im.ignoresBetween(viewer.id, [...others.keys()]);
    const data: ImChannel[] = [];
    for (const party of parties) {
      const other = others.get(party.other_id);
      if (!other) continue;
      const block = writeBlock({
        writer: viewer,
        recipient: other,
        ignoringRecipient: ignores.ignoring.has(other.id),
        ignoredByRecipient: ignores.ignoredBy.has(other.id),
        friends: await this.areFriends(viewer, other),
      });
      const message = last.get(party.channel_id);
      data.push(
        presentImChannel(
          party,
          other,
          message ? this.present(message, viewer, other) : null,
          block,
          party.activity_at ?? '',
        ),
      );
    }
    return { data, meta };
  }

  /** The channel with that person, made on first use. */
  async open(viewer: UserRow, userId: number): Promise<{ channel: ImChannel; created: boolean }> {
    if (!canOpen(viewer)) throw new AppError('guest');
    if (userId === viewer.id) throw invalid({ user_id: ['im.self'] });
    const other = await this.users.findById(userId);
    // A deleted account keeps its row (anonymised) for the records that point at it.
    if (!other || other.deleted_at !== null) throw notFound();
    if (!canOpen(other)) throw forbidden('im.recipient_guest');
    const { channel, created } = await this.im.openChannel(viewer.id, other.id, nowIso());
    const view = await this.viewFor(viewer, other, channel);
    // The opener's other tabs learn of it; the other person only when something is written.
    this.events.emit('im.channel.stored', { userId: viewer.id, channel: view });
    return { channel: view, created };
  }

  async page(viewer: UserRow, channelId: number, page: number): Promise<ImMessagesPage> {
    const { other } = await this.access(viewer.id, channelId);
    const meta = pageMeta(page, IM_MESSAGES_PAGE, await this.im.countMessages(channelId));
    const rows = await this.im.messagesPage(
      channelId,
      (page - 1) * IM_MESSAGES_PAGE,
      IM_MESSAGES_PAGE,
    );
    return { data: rows.map((r) => this.present(r, viewer, other)), meta };
  }

  /** What came after `afterId` (a reconnect's catch-up), oldest first, bounded. */
  async after(viewer: UserRow, channelId: number, afterId: number): Promise<ImCatchUp> {
    const { other } = await this.access(viewer.id, channelId);
    const rows = await this.im.messagesAfter(channelId, afterId, IM_AFTER_MAX + 1);
    return {
      data: rows.slice(0, IM_AFTER_MAX).map((r) => this.present(r, viewer, other)),
      meta: { has_more: rows.length > IM_AFTER_MAX },
    };
  }

  /**
   * Sends a message. The client_id makes it idempotent: a retry, or the same send arriving many
   * times at once, gets the first message back and is not counted as flood.
   */
  post(viewer: UserRow, channelId: number, body: PostImMessageBody): Promise<ImPostResult> {
    const key = `${viewer.id}:${body.client_id}`;
    const running = this.inFlight.get(key);
    if (running) return running.then((r) => ({ message: r.message, replay: true }));
    const promise = this.store(viewer, channelId, body).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  private async store(
    viewer: UserRow,
    channelId: number,
    body: PostImMessageBody,
  ): Promise<ImPostResult> {
    // One query answers who the other person is, the ignores both ways and a retry's message.
    const conversation = await this.im.conversation(viewer.id, channelId, body.client_id);
    if (!conversation) throw notFound();
    const { other } = conversation;
    if (conversation.earlierId !== null) {
      const earlier = await this.im.findMessage(conversation.earlierId);
      if (earlier) return this.replay(earlier, channelId, viewer, other);
    }
    // Nobody reads what is written to a deleted account: the conversation stays, closed.
    if (other.deleted_at !== null) throw notFound();

    const block = writeBlock({
      writer: viewer,
      recipient: other,
      ignoringRecipient: conversation.ignoringOther,
      ignoredByRecipient: conversation.ignoredByOther,
      friends: await this.areFriends(viewer, other),
    });
    if (block === 'guest' && !canOpen(viewer)) throw new AppError('guest');
    if (block) throw forbidden(BLOCK_MESSAGES[block]);
    const text = body.text.trim();
    if ([...text].length > MESSAGE_MAX_LENGTH) throw invalid({ text: ['message.too_long'] });
    if (text.length === 0 && body.attachments.length === 0)
      throw invalid({ text: ['message.empty'] });
    await this.rateLimits.hit(this.rule, String(viewer.id));
    if (
      text.length >= REPEAT_MIN_LENGTH &&
      (await this.repeats.isRepeat(viewer.id, channelId, text, body.client_id))
    )
      throw invalid({ text: ['message.repeated'] });
    // 18+ pictures may be sent privately: the recipient sees them blurred.
    const attachments = await this.attachments.claim(viewer.id, body.attachments, {
      publicChat: false,
    });

    const row: NewImMessage = {
      channel_id: channelId,
      user_id: viewer.id,
      text,
      attachments: JSON.stringify(attachments),
      client_id: body.client_id,
      read_at: null,
      created_at: nowIso(),
    };
    let stored;
    try {
      // Pictures are linked in the message's own commit; a message without any is stored as
      // before.
      stored =
        attachments.length === 0
          ? await this.im.storeMessage(row, other.id, conversation.otherListed)
          : await this.storeWithAttachments(
              row,
              other.id,
              conversation.otherListed,
              attachments.map((a) => a.id),
            );
    } catch (error) {
      // A twin on another node committed first: answer the first one.
      if (!isUniqueViolation(error)) throw error;
      const first = await this.im.findByClientId(viewer.id, body.client_id);
      if (!first) throw error;
      return this.replay(first, channelId, viewer, other);
    }
    if (!stored) throw notFound();
    if ('replay' in stored) return this.replay(stored.replay, channelId, viewer, other);

    const message = this.present(stored.message, viewer, other);
    const parties: [number, number] = [viewer.id, other.id];
    if (stored.recipientFirstSight) {
      // The sender's row may come from the session cache, whose im_privacy can be old: the
      // recipient's first view of the channel says whether they may answer, from a fresh one.
      const [channel, sender] = await Promise.all([
        this.im.findChannel(channelId),
        this.users.findById(viewer.id),
      ]);
      if (channel && sender)
        this.events.emit('im.channel.stored', {
          userId: other.id,
          channel: await this.viewFor(other, sender, channel),
        });
    }
    this.events.emit('im.message.stored', { message, parties });
    // The transaction answered the recipient's total: nothing is read after the event.
    this.emitCount(other.id, channelId, stored.recipientUnread, stored.recipientUnreadTotal);
    return { message, replay: false };
  }

  /** The message and its attachments' links in one unit: a link never points at nothing. */
  private storeWithAttachments(
    row: NewImMessage,
    recipientId: number,
    recipientListed: boolean,
    ids: number[],
  ) {
    return this.units.run(async (tx) => {
      const stored = await this.im.storeMessage(row, recipientId, recipientListed, tx.db);
      if (stored && 'message' in stored)
        await this.attachments.link(ids, 'im', stored.message.id, tx.db);
      return stored;
    });
  }

  /** Marks the channel read; the author hears which of their messages were read. */
  async read(viewer: UserRow, channelId: number): Promise<void> {
    const { other } = await this.access(viewer.id, channelId);
    const at = nowIso();
    const result = await this.im.markRead(channelId, viewer.id, at);
    if (!result) throw notFound();
    if (!result.changed) return;
    this.emitCount(viewer.id, channelId, 0, await this.im.unreadTotal(viewer.id));
    if (result.newlyRead > 0)
      this.events.emit('im.messages.read', {
        authorId: other.id,
        read: {
          channel_id: channelId,
          reader_id: viewer.id,
          last_read_id: result.lastReadId,
          read_at: at,
        },
      });
  }

  async setDeleted(viewer: UserRow, messageId: number, deleted: 0 | 1): Promise<void> {
    const message = await this.im.findMessage(messageId);
    if (!message) throw notFound();
    const { other } = await this.access(viewer.id, message.channel_id);
    if (!can(viewerOf(viewer), deleted ? 'delete' : 'restore', message)) throw forbidden();
    const result = await this.im.setDeleted(message, other.id, deleted);
    if (!result.changed) return;
    const parties: [number, number] = [viewer.id, other.id];
    this.events.emit(deleted ? 'im.message.deleted' : 'im.message.restored', {
      message: this.present({ ...message, deleted }, viewer, other),
      parties,
    });
    if (result.recipientUnread !== null)
      this.emitCount(
        other.id,
        message.channel_id,
        result.recipientUnread,
        await this.im.unreadTotal(other.id),
      );
  }

  private emitCount(userId: number, channelId: number, newMessages: number, total: number) {
    this.events.emit('im.count.updated', {
      userId,
      count: {
        im_unread_count: total,
        channel_id: channelId,
        new_messages: newMessages,
      },
    });
  }

  private async replay(
    earlier: ImMessageRow,
    channelId: number,
    viewer: UserRow,
    other: UserRow,
  ): Promise<ImPostResult> {
    // A client_id is the author's, once: reusing it for another channel is a client bug.
    if (earlier.channel_id !== channelId) throw invalid({ client_id: ['invalid_value'] });
    return { message: this.present(earlier, viewer, other), replay: true };
  }

  /** The other person of the channel, or 404 for anyone who is not one of the two. */
  private async access(viewerId: number, channelId: number): Promise<{ other: UserRow }> {
    const conversation = await this.im.conversation(viewerId, channelId);
    if (!conversation) throw notFound();
    return conversation;
  }

  /** One person's view of a channel (their unread count, the other person, the last message). */
  private async viewFor(viewer: UserRow, other: UserRow, channel: ImChannelRow) {
    const party = await this.im.party(channel.id, viewer.id);
    if (!party) throw notFound();
    const last = channel.last_message_id
      ? await this.im.findMessage(channel.last_message_id)
      : null;
    return presentImChannel(
      party,
      other,
      last ? this.present(last, viewer, other) : null,
      writeBlock(await this.facts(viewer, other)),
      channel.created_at,
    );
  }

  private async facts(writer: UserRow, recipient: UserRow): Promise<WriteFacts> {
    const ignores = await this.im.ignoresBetween(writer.id, [recipient.id]);
    return {
      writer,
      recipient,
      ignoringRecipient: ignores.ignoring.has(recipient.id),
      ignoredByRecipient: ignores.ignoredBy.has(recipient.id),
      friends: await this.areFriends(writer, recipient),
    };
  }

  private async areFriends(writer: UserRow, recipient: UserRow): Promise<boolean | null> {
    if (!this.friends || recipient.im_privacy !== 'friends') return null;
    return this.friends.areFriends(writer.id, recipient.id);
  }

  private present(row: ImMessageRow, a: UserRow, b: UserRow): ImMessage {
    return presentImMessage(row, row.user_id === a.id ? a : b);
  }
}

function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

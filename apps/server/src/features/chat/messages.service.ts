import {
  GUEST_MESSAGE_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  MESSAGES_AFTER_MAX,
  MESSAGES_PAGE,
  nickKey,
  type ChatMessage,
  type PostMessageBody,
} from '@chat/shared';
import type { UserRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import { forbidden, invalid, notFound } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { can } from './chat.policy';
import { presentMessage } from './chat.presenter';
import type { MessagesRepository } from './messages.repository';
import type { RepeatGuard } from './repeat-guard';
import type { RoomView } from './room-view';
import type { RoomsRepository } from './rooms.repository';

export interface PostResult {
  message: ChatMessage;
  /** True when this client_id was seen before: the first message is answered again. */
  replay: boolean;
}

export class MessagesService {
  private readonly userRule: RateLimitRule;
  private readonly guestRule: RateLimitRule;

  constructor(
    private readonly messages: MessagesRepository,
    private readonly rooms: RoomsRepository,
    private readonly view: RoomView,
    private readonly rateLimits: RateLimits,
    private readonly repeats: RepeatGuard,
    private readonly events: DomainEvents,
    messagesPer10s: number,
  ) {
    this.userRule = { name: 'message', points: messagesPer10s, durationSeconds: 10 };
    this.guestRule = {
      name: 'message-guest',
      points: Math.max(1, Math.floor(messagesPer10s / 2)),
      durationSeconds: 10,
    };
  }

  async history(
    user: UserRow,
    roomId: number,
    cursor: { before?: number; after?: number },
  ): Promise<ChatMessage[]> {
    await this.assertMember(roomId, user.id);
    const limit = cursor.after !== undefined ? MESSAGES_AFTER_MAX : MESSAGES_PAGE;
    return this.view.messagesWithReactions(
      await this.messages.page(roomId, user.id, { ...cursor, limit }),
    );
  }

  /**
   * Stores a message and tells the room. The client_id makes it idempotent: a retry after a
   * lost answer gets the first message back, never a copy, and is not counted as flood.
   */
  async post(
    user: UserRow,
    roomId: number,
    body: PostMessageBody,
    socketId?: string,
  ): Promise<PostResult> {
    await this.assertMember(roomId, user.id);
    const existing = await this.messages.findByClientId(user.id, body.client_id);
    if (existing) {
      if (existing.room_id !== roomId) throw invalid({ client_id: ['invalid_value'] });
      return { message: await this.present(existing.id, user.id, roomId), replay: true };
    }
    const text = body.text.trim();
    const isGuest = user.role === 'guest';
    if (text.length === 0) throw invalid({ text: ['message.empty'] });
    if ([...text].length > (isGuest ? GUEST_MESSAGE_MAX_LENGTH : MESSAGE_MAX_LENGTH))
      throw invalid({ text: ['message.too_long'] });
    await this.rateLimits.hit(isGuest ? this.guestRule : this.userRule, String(user.id));
    if (await this.repeats.isRepeat(user.id, roomId, text, body.client_id))
      throw invalid({ text: ['message.repeated'] });

    const nicks = await this.mentions(roomId, text, body.mentions);
    let row;
    try {
      row = await this.messages.insert({
        room_id: roomId,
        user_id: user.id,
        type_id: body.type_id,
        text,
        nicks: JSON.stringify(nicks),
        attachments: '[]',
        client_id: body.client_id,
        created_at: nowIso(),
        deleted_at: null,
      });
    } catch (error) {
      // The same client_id raced in twice: the first one won, answer it.
      if (!isUniqueViolation(error)) throw error;
      const first = await this.messages.findByClientId(user.id, body.client_id);
      if (!first) throw error;
      return { message: await this.present(first.id, user.id, roomId), replay: true };
    }
    // A new message has no reactions and its author is the caller: no need to read it back.
    const message = presentMessage({ ...row, author: user }, []);
    this.events.emit('chat.message.stored', {
      message,
      ...(socketId ? { exceptSocketId: socketId } : {}),
    });
    return { message, replay: false };
  }

  /** Hides a message from the caller's own view ("delete for me"). */
  async hide(user: UserRow, messageId: number): Promise<void> {
    const message = await this.messages.find(messageId);
    if (!message || !(await this.rooms.membership(message.room_id, user.id))) throw notFound();
    if (!can(user, { action: 'message.hide', message })) throw forbidden();
    await this.messages.hide(user.id, messageId);
  }

  async deleteFromEveryone(user: UserRow, messageId: number): Promise<void> {
    const message = await this.messages.find(messageId);
    if (!message || message.deleted_at) throw notFound();
    const member = await this.rooms.membership(message.room_id, user.id);
    if (!member && user.role !== 'admin' && user.role !== 'moderator') throw notFound();
    if (!can(user, { action: 'message.delete_from_everyone', message })) throw forbidden();
    await this.messages.markDeleted(messageId, nowIso());
    this.events.emit('chat.message.deleted', { id: messageId, roomId: message.room_id });
  }

  /** Mentions the author picked, kept only for members whose nick really is in the text. */
  private async mentions(
    roomId: number,
    text: string,
    ids: number[],
  ): Promise<{ nick: string; user_id: number }[]> {
    if (ids.length === 0) return [];
    const lowered = nickKey(text);
    const members = await this.rooms.membersAmong(roomId, [...new Set(ids)]);
    return members
      .filter((m) => lowered.includes(m.nick_key))
      .map((m) => ({ nick: m.nick, user_id: m.id }));
  }

  private async present(messageId: number, viewerId: number, roomId: number): Promise<ChatMessage> {
    const rows = await this.messages.page(roomId, viewerId, { after: messageId - 1, limit: 1 });
    const row = rows[0];
    if (!row || row.id !== messageId) throw notFound();
    const [message] = await this.view.messagesWithReactions([row]);
    return message!;
  }

  private async assertMember(roomId: number, userId: number): Promise<void> {
    if (!(await this.rooms.membership(roomId, userId))) throw notFound();
  }
}

import * as messagePolicy from '../../access/message.policy';
import * as quotePolicy from '../../access/quote.policy';
import { viewerOf } from '../../access/viewer';
import type { UserRow } from '../../db/schema';
import { guestForbidden, notFound } from '../../http/app-error';
import { nowIso } from '../../lib/clock';
import type { MessagesRepository } from '../chat/messages.repository';
import type { RoomsRepository } from '../chat/rooms.repository';
import type { QuotesRepository } from './quotes.repository';

/** A user's collection of chat messages worth keeping. */
export class QuotesService {
  constructor(
    private readonly quotes: QuotesRepository,
    private readonly messages: MessagesRepository,
    private readonly rooms: RoomsRepository,
  ) {}

  async add(user: UserRow, messageId: number): Promise<void> {
    const viewer = viewerOf(user);
    if (!quotePolicy.canAdd(viewer)) throw guestForbidden();
    const message = await this.messages.find(messageId);
    if (!message || message.deleted_at) throw notFound();
    const room = await this.rooms.find(message.room_id);
    const member = (await this.rooms.membership(message.room_id, user.id)) !== undefined;
    if (!messagePolicy.can(viewer, 'quote', message, { room, member })) throw notFound();
    await this.quotes.add(user.id, messageId, nowIso());
  }

  async remove(user: UserRow, messageId: number): Promise<void> {
    if (!(await this.quotes.remove(user.id, messageId))) throw notFound();
  }
}

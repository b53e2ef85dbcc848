import type { Reaction, ReactionEvent } from '@chat/shared';
import * as messagePolicy from '../../access/message.policy';
import { viewerOf } from '../../access/viewer';
import type { UserRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import { notFound } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import type { MessagesRepository } from './messages.repository';
import type { ReactionsRepository } from './reactions.repository';
import type { RoomsRepository } from './rooms.repository';

const RULE: RateLimitRule = { name: 'reaction', points: 30, durationSeconds: 10 };

/** Reactions on chat messages: one of each kind per user, added and removed live. */
export class ReactionsService {
  constructor(
    private readonly reactions: ReactionsRepository,
    private readonly messages: MessagesRepository,
    private readonly rooms: RoomsRepository,
    private readonly rateLimits: RateLimits,
    private readonly events: DomainEvents,
  ) {}

  async add(user: UserRow, messageId: number, reaction: Reaction): Promise<ReactionEvent> {
    const event = await this.event(user, messageId, reaction);
    await this.rateLimits.hit(RULE, String(user.id));
    if (await this.reactions.add(messageId, user.id, reaction, nowIso()))
      this.events.emit('chat.reaction.stored', event);
    return event;
  }

  async remove(user: UserRow, messageId: number, reaction: Reaction): Promise<void> {
    const event = await this.event(user, messageId, reaction);
    if (await this.reactions.remove(messageId, user.id, reaction))
      this.events.emit('chat.reaction.deleted', event);
  }

  /** Who may react is the message policy's; to anyone else the message does not exist. */
  private async event(
    user: UserRow,
    messageId: number,
    reaction: Reaction,
  ): Promise<ReactionEvent> {
    const message = await this.messages.find(messageId);
    const member =
      message !== undefined &&
      (await this.rooms.membership(message.room_id, user.id)) !== undefined;
    const place = { room: undefined, member };
    if (!message || !messagePolicy.can(viewerOf(user), 'react', message, place)) throw notFound();
    return {
      likeable_id: messageId,
      likeable_type: 'message',
      room_id: message.room_id,
      reaction,
      user: { id: user.id, slug: user.slug, nick: user.nick },
    };
  }
}

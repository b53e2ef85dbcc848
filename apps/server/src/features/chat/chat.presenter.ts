import {
  replyExcerpt,
  unavailableQuote,
  type Attachment,
  type ChatMessage,
  type MessageReaction,
  type Reaction,
  type ReplyQuote,
  type RoomSummary,
  type RoomUser,
} from '@chat/shared';
import type { RoomRow } from '../../db/schema';
import { parseJsonList } from '../../lib/json-list';
import { presentGif } from '../gifs/gifs.presenter';
import { presentGender, presentNick, presentPublicUser, rolesOf } from '../users/user.presenter';
import type { MessageAuthor, MessageWithAuthor, RepliedMessage } from './messages.repository';
import type { ReactionRow } from './reactions.repository';
import type { RoomMemberRow } from './rooms.repository';

export function presentRoomSummary(room: RoomRow, usersCount: number): RoomSummary {
  return {
    id: room.id,
    name: { ru: room.name_ru, en: room.name_en },
    public: room.is_public === 1,
    owner_id: room.owner_id,
    users_count: usersCount,
  };
}

export function presentAuthor(author: MessageAuthor) {
  return {
    id: author.id,
    slug: author.slug,
    nick: presentNick(author),
    avatar: author.avatar,
    roles: rolesOf(author),
    gender: presentGender(author.gender),
  };
}

/**
 * A reply's quote: the original's author and first words when `visible` (the message policy's
 * canSeeQuoted), else only that it is unavailable.
 */
export function presentReplyQuote(reply: RepliedMessage, visible: boolean): ReplyQuote {
  if (!visible || reply.author === null) return unavailableQuote(reply.id);
  return {
    id: reply.id,
    user: { id: reply.user_id, slug: reply.author.slug, nick: reply.author.nick },
    text: replyExcerpt(reply.text),
  };
}

/**
 * A message on the wire. `quoteVisible` says whether the reader (or the whole room, for what
 * it hears) may see the message it answers; by default nobody may.
 */
export function presentMessage(
  message: MessageWithAuthor,
  reactions: readonly ReactionRow[],
  quoteVisible: (reply: RepliedMessage) => boolean = () => false,
): ChatMessage {
  return {
    id: message.id,
    room_id: message.room_id,
    user: presentAuthor(message.author),
    type_id: message.type_id,
    text: message.text,
    nicks: parseJsonList<{ nick: string; user_id: number }>(message.nicks),
    reactions: reactions
      .filter((r) => r.likeable_id === message.id)
      .map((r): MessageReaction => ({
        reaction: r.reaction as Reaction,
        user: { id: r.user_id, slug: r.user_slug, nick: r.user_nick },
      })),
    attachments: parseJsonList<Attachment>(message.attachments),
    gif: message.gif ? presentGif(message.gif) : null,
    client_id: message.client_id,
    created_at: message.created_at,
    reply_to: message.reply ? presentReplyQuote(message.reply, quoteVisible(message.reply)) : null,
    edited_at: message.edited_at,
  };
}

/** A member as the room's user list shows them; `ignoring` is the viewer's own ignore flag. */
export function presentRoomUser(member: RoomMemberRow, ignored: ReadonlySet<number>): RoomUser {
  return {
    id: member.user.id,
    user: presentPublicUser(member.user),
    state_id: member.state_id,
    status: member.user.status,
    invisible: member.invisible === 1,
    ignoring: ignored.has(member.user.id),
  };
}

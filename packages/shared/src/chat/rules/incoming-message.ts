import type { ChatSettings } from '../../settings';
import { MESSAGE_TYPE } from '../constants';
import type { ChatMessage } from '../wire';

/** What the chat already holds for a room: enough to spot a message delivered twice. */
export interface KnownRoomMessages {
  readonly messages: readonly { readonly id: number }[];
}

/** Who is looking at the chat and what they chose to hide. */
export interface MessageViewerContext {
  /** Null while signed out: the viewer then owns no message. */
  readonly viewerId: number | null;
  readonly trolls: ReadonlySet<number>;
  readonly ignoredUsers: ReadonlySet<number>;
  readonly settings: Pick<ChatSettings, 'show_trolls' | 'show_guests'>;
}

export interface IncomingMessageContext extends MessageViewerContext {
  readonly rooms: ReadonlyMap<number, KnownRoomMessages>;
}

export type MessageHiddenReason = 'troll' | 'ignored' | 'guest';

export type IncomingMessageVerdict =
  | { readonly show: true }
  | { readonly show: false; readonly reason: 'unknown-room' | 'duplicate' | MessageHiddenReason };

/**
 * Why the viewer should not see this message, or null when they should (spec section 5, a–c).
 * Separate from the room checks so that messages already in a room can be filtered again when
 * the viewer changes show_trolls or show_guests, or ignores someone.
 */
export function messageHiddenReason(
  message: ChatMessage,
  ctx: MessageViewerContext,
): MessageHiddenReason | null {
  const authorId = message.user.id;
  const ownMessage = ctx.viewerId !== null && authorId === ctx.viewerId;
  if (ctx.trolls.has(authorId) && !ownMessage && !ctx.settings.show_trolls) {
    return 'troll';
  }
  // Only ordinary messages: "/me" actions and site notices still tell the room what happened.
  if (message.type_id === MESSAGE_TYPE.message && ctx.ignoredUsers.has(authorId)) {
    return 'ignored';
  }
  if (message.user.roles.includes('guest') && !ownMessage && !ctx.settings.show_guests) {
    return 'guest';
  }
  return null;
}

/** Whether a message that arrived by a realtime event goes into its room, and if not, why. */
export function incomingMessageVerdict(
  message: ChatMessage,
  ctx: IncomingMessageContext,
): IncomingMessageVerdict {
  const room = ctx.rooms.get(message.room_id);
  if (room === undefined) {
    return { show: false, reason: 'unknown-room' };
  }
  // Events can arrive again after a reconnect, or after the sender's own POST already added it.
  if (room.messages.some((known) => known.id === message.id)) {
    return { show: false, reason: 'duplicate' };
  }
  const hidden = messageHiddenReason(message, ctx);
  return hidden === null ? { show: true } : { show: false, reason: hidden };
}

export function shouldShowIncomingMessage(
  message: ChatMessage,
  ctx: IncomingMessageContext,
): boolean {
  return incomingMessageVerdict(message, ctx).show;
}

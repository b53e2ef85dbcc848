import type { ChatSettings } from '../../settings';
import { MESSAGE_TYPE } from '../constants';
import type { ChatMessage } from '../wire';
import { mentionsUser } from './mentions';

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
 *
 * A message that mentions the viewer is never hidden by a setting (show_guests, show_trolls):
 * those hide people the viewer did not choose, and a word addressed to the viewer by name is
 * not noise (issue 20). Ignoring is the viewer's own choice about that person and still holds.
 * Trolls' messages reach only staff (the server leaves them out for everyone else), so the
 * troll case here is a moderator's own filter.
 */
export function messageHiddenReason(
  message: ChatMessage,
  ctx: MessageViewerContext,
): MessageHiddenReason | null {
  const authorId = message.user.id;
  const ownMessage = ctx.viewerId !== null && authorId === ctx.viewerId;
  // Mine, or addressed to me by name: no setting of mine hides it.
  const spared = ownMessage || (ctx.viewerId !== null && mentionsUser(message, ctx.viewerId));
  if (ctx.trolls.has(authorId) && !spared && !ctx.settings.show_trolls) {
    return 'troll';
  }
  // Only ordinary messages: "/me" actions and site notices still tell the room what happened.
  if (message.type_id === MESSAGE_TYPE.message && ctx.ignoredUsers.has(authorId)) {
    return 'ignored';
  }
  if (message.user.roles.includes('guest') && !spared && !ctx.settings.show_guests) {
    return 'guest';
  }
  return null;
}

/**
 * How many of these messages the viewer's show_guests setting hides: those that turning it on
 * would show (a guest troll stays hidden by show_trolls, so it is not counted).
 */
export function hiddenGuestMessageCount(
  messages: readonly ChatMessage[],
  ctx: MessageViewerContext,
): number {
  if (ctx.settings.show_guests) return 0;
  const guestsShown = { ...ctx, settings: { ...ctx.settings, show_guests: true } };
  let hidden = 0;
  for (const message of messages) {
    if (
      messageHiddenReason(message, ctx) === 'guest' &&
      messageHiddenReason(message, guestsShown) === null
    )
      hidden += 1;
  }
  return hidden;
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

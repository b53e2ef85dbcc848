import { MESSAGE_TYPE, mentionsUser, type ChatMessage, type ChatSettings } from '@chat/shared';

/**
 * Whether a chat message that reached me rings (spec section 7: "on a mention of the user or on
 * the user's own message of one specific type"). A mention by someone else rings; of my own
 * messages only a site notice about me does (`type_id` system: a warning, a gift), since my own
 * words and actions I have just typed. Nothing rings when muted or with "sound on mentions" off.
 */
export function messageRings(
  message: ChatMessage,
  viewerId: number | null,
  settings: ChatSettings,
): boolean {
  if (viewerId === null || settings.mute || settings.notification_new_message !== 1) return false;
  if (message.user.id === viewerId) return message.type_id === MESSAGE_TYPE.system;
  return mentionsUser(message, viewerId);
}

import { MESSAGE_TYPE, type ChatMessage } from '@chat/shared';

/** Messages from one author this close together read as one block, as in Telegram or Discord. */
export const GROUP_WINDOW_MS = 5 * 60 * 1000;

export function continuesPrevious(
  previous: ChatMessage | undefined,
  message: ChatMessage,
): boolean {
  if (previous === undefined) return false;
  if (previous.user.id !== message.user.id) return false;
  if (previous.type_id === MESSAGE_TYPE.system || message.type_id !== MESSAGE_TYPE.message) {
    return false;
  }
  const gap = Date.parse(message.created_at) - Date.parse(previous.created_at);
  return Number.isFinite(gap) && gap >= 0 && gap < GROUP_WINDOW_MS;
}

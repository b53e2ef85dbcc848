import { GUEST_MESSAGE_MAX_LENGTH, MESSAGE_MAX_LENGTH } from '../constants';
import type { ChatMessage } from '../wire';

/** Whether the message names the user: the server lists mentioned users in `nicks`. */
export function mentionsUser(message: Pick<ChatMessage, 'nicks'>, userId: number): boolean {
  return message.nicks.some((mentioned) => mentioned.user_id === userId);
}

export interface TextWithCaret {
  text: string;
  caret: number;
}

/**
 * Puts a clicked nick into the message box at the caret (a UTF-16 offset, as a textarea's
 * selectionStart is). At the start of the message the nick is an address, "Анна, ", as people
 * write it by hand; elsewhere it is set off by spaces so that it never glues onto a word. The
 * caret comes back after the nick and the space following it, ready for typing on.
 */
export function insertMention(
  text: string,
  nick: string,
  caret: number = text.length,
): TextWithCaret {
  const at = Number.isNaN(caret)
    ? text.length
    : Math.min(Math.max(Math.trunc(caret), 0), text.length);
  const name = nick.trim();
  if (name === '') {
    return { text, caret: at };
  }
  const before = text.slice(0, at);
  const after = text.slice(at);
  if (before.trim() === '') {
    const address = `${name}, `;
    return { text: address + after.trimStart(), caret: address.length };
  }
  const lead = /\s$/u.test(before) ? '' : ' ';
  const trail = /^\s/u.test(after) ? '' : ' ';
  return {
    text: before + lead + name + trail + after,
    caret: before.length + lead.length + name.length + 1,
  };
}

/** Length as the server counts it: in code points, so an emoji is one character, not two. */
export function messageLength(text: string): number {
  return [...text].length;
}

export function messageMaxLength(isGuest: boolean): number {
  return isGuest ? GUEST_MESSAGE_MAX_LENGTH : MESSAGE_MAX_LENGTH;
}

/** Characters left before the limit; negative once over it, so the counter can say by how much. */
export function remainingChars(text: string, isGuest: boolean): number {
  return messageMaxLength(isGuest) - messageLength(text);
}

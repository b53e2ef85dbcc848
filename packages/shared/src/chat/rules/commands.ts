import { MESSAGE_TYPE } from '../constants';

/** What the composer sends for a typed line: its text and the message type it makes. */
export interface ComposedMessage {
  type_id: typeof MESSAGE_TYPE.message | typeof MESSAGE_TYPE.action;
  text: string;
}

// "/me" then whitespace then something: IRC's action. "/me" alone or "/meow" is plain text.
const ACTION = /^\/me\s+(\S[\s\S]*)$/i;

/**
 * Reads the chat's one command: `/me waves` is an action (`type_id` 2) with the text `waves`,
 * shown as "* Nick waves". Anything else is a regular message, unchanged.
 */
export function composeMessage(text: string): ComposedMessage {
  const action = ACTION.exec(text.trim());
  if (action?.[1] !== undefined) return { type_id: MESSAGE_TYPE.action, text: action[1].trim() };
  return { type_id: MESSAGE_TYPE.message, text };
}

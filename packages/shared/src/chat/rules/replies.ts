import { REPLY_EXCERPT_MAX } from '../constants';
import type { ChatMessage, ReplyQuote } from '../wire';

/** The first words of a message, on one line, as a reply's quote shows them. */
export function replyExcerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= REPLY_EXCERPT_MAX
    ? line
    : `${chars
        .slice(0, REPLY_EXCERPT_MAX - 1)
        .join('')
        .trimEnd()}…`;
}

/** The quote a reply to this message carries (the web shows it before the server answers). */
export function quoteOf(message: Pick<ChatMessage, 'id' | 'user' | 'text'>): ReplyQuote {
  return {
    id: message.id,
    user: { id: message.user.id, slug: message.user.slug, nick: message.user.nick.nick },
    text: replyExcerpt(message.text),
  };
}

/** A quote whose original is gone for the reader: "message unavailable". */
export function unavailableQuote(id: number): ReplyQuote {
  return { id, user: null, text: '', deleted: true };
}

/**
 * Messages whose quote shows one that was just deleted or removed (`gone` tells which): the
 * quote loses its author and words, as the server presents it from then on.
 */
export function withQuotesGone(
  messages: readonly ChatMessage[],
  gone: (quote: ReplyQuote) => boolean,
): ChatMessage[] {
  let changed = false;
  const next = messages.map((m) => {
    if (m.reply_to === null || m.reply_to.deleted === true || !gone(m.reply_to)) return m;
    changed = true;
    return { ...m, reply_to: unavailableQuote(m.reply_to.id) };
  });
  return changed ? next : (messages as ChatMessage[]);
}

/**
 * A message as an edit left it, merged into the one the reader holds: the new text, mentions,
 * quote and time of the edit; its reactions as they were (they travel by their own events), and
 * the reader's abilities unless the edit's answer brought new ones. Quotes of it follow.
 */
export function withMessageEdited(
  messages: readonly ChatMessage[],
  edited: ChatMessage,
): ChatMessage[] {
  return messages.map((m) => {
    if (m.id === edited.id)
      return {
        ...m,
        text: edited.text,
        nicks: edited.nicks,
        reply_to: edited.reply_to,
        edited_at: edited.edited_at,
        ...(edited.abilities ? { abilities: edited.abilities } : {}),
      };
    if (m.reply_to?.id === edited.id && m.reply_to.deleted !== true)
      return { ...m, reply_to: { ...m.reply_to, text: replyExcerpt(edited.text) } };
    return m;
  });
}

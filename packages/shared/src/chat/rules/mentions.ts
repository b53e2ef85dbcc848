import { GUEST_MESSAGE_MAX_LENGTH, MESSAGE_MAX_LENGTH } from '../constants';
import type { ChatMessage } from '../wire';
import { nickKey } from '../../schemas/nick-rules';

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

/** A room member as the mention rule needs them. */
export interface MentionCandidate {
  id: number;
  nick: string;
}

// What a nick may not be glued to: letters, digits, marks, "_" and "-" (the characters of a
// nick other than the space), so "Ann" is not found inside "Anna" or "Ann-Mari".
const NICK_RUN = /[\p{L}\p{N}\p{M}_-]+/gu;

/** A nick or a stretch of text compared for mentions: nickKey, with runs of spaces as one. */
function mentionKey(text: string): string {
  return nickKey(text).replace(/\s+/gu, ' ').trim();
}

/** Room members keyed by their mention key: build once per member list, match many texts. */
export interface MentionIndex<T extends MentionCandidate> {
  byKey: ReadonlyMap<string, readonly T[]>;
  /** The most words any nick has: how far a match may reach. */
  maxWords: number;
}

/** Indexes the members' nicks for findTypedMentions (a list shared by several texts). */
export function mentionIndex<T extends MentionCandidate>(members: readonly T[]): MentionIndex<T> {
  const byKey = new Map<string, T[]>();
  let maxWords = 0;
  for (const member of members) {
    const key = mentionKey(member.nick);
    if (key === '') continue;
    const same = byKey.get(key);
    if (same) {
      same.push(member);
      continue;
    }
    byKey.set(key, [member]);
    maxWords = Math.max(maxWords, key.split(' ').length);
  }
  return { byKey, maxWords };
}

/**
 * The members whose nick the text names by hand: the nick as a whole word (or words, for nicks
 * with spaces), ignoring case and width forms, with or without a leading "@". At each word of
 * the text the longest nick wins, so "Anna Maria" is not taken for "Anna". Members come back
 * in the order the text names them, each once. Linear in the text and the member list (a
 * room of 500 costs one map of their nicks), whatever the text holds. `skip` leaves members
 * out (the author, an invisible member); an index lets many texts share one map.
 */
export function findTypedMentions<T extends MentionCandidate>(
  text: string,
  members: readonly T[] | MentionIndex<T>,
  skip: (member: T) => boolean = () => false,
): T[] {
  const { byKey, maxWords } = 'byKey' in members ? members : mentionIndex(members);
  if (byKey.size === 0) return [];
  const normalized = nickKey(text);
  const words = [...normalized.matchAll(NICK_RUN)].map((m) => ({
    word: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
  const found = new Map<number, T>();
  for (let i = 0; i < words.length;) {
    let taken = 1;
    // Longest first: try this word with the next ones, as far as a nick can reach.
    for (let k = Math.min(maxWords, words.length - i); k >= 1; k -= 1) {
      const last = words[i + k - 1]!;
      const stretch = normalized.slice(words[i]!.start, last.end);
      // Words of one nick are apart by spaces only (not by commas or line breaks).
      if (k > 1 && !/^[^\S\n]+$/u.test(joinersOf(normalized, words, i, k))) continue;
      const member = byKey.get(mentionKey(stretch))?.find((m) => !skip(m));
      if (member) {
        if (!found.has(member.id)) found.set(member.id, member);
        taken = k;
        break;
      }
    }
    i += taken;
  }
  return [...found.values()];
}

/** The text between consecutive words i..i+k-1, concatenated (spaces only for a nick). */
function joinersOf(
  text: string,
  words: readonly { start: number; end: number }[],
  i: number,
  k: number,
): string {
  let joined = '';
  for (let j = i; j < i + k - 1; j += 1) joined += text.slice(words[j]!.end, words[j + 1]!.start);
  return joined;
}

/** The "@…" being typed at the caret: where its "@" stands and what follows it up to the caret. */
export interface MentionQuery {
  start: number;
  query: string;
}

// What may follow "@" while a nick is being typed: the characters of a nick (a space too, for
// nicks of several words), up to a nick's length.
const QUERY_CHARS = /^[\p{L}\p{N}\p{M}_-][\p{L}\p{N}\p{M} _-]*$/u;
const QUERY_MAX = 24;

/**
 * The nick being typed after an "@" that starts a word ("mail@host" is no mention), or null.
 * The query runs from the "@" to the caret and may hold spaces ("@Anna M"); a line break, a
 * second "@" or a character no nick has ends it.
 */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const end = Math.min(Math.max(Math.trunc(caret), 0), text.length);
  const before = text.slice(0, end);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/[\s([{«"'„]/u.test(before[at - 1]!)) return null;
  const query = before.slice(at + 1);
  if (query === '') return { start: at, query };
  if (query.length > QUERY_MAX || !QUERY_CHARS.test(query)) return null;
  return { start: at, query };
}

/**
 * The members a typed query may mean, best first: those whose nick begins with it, then those
 * with a later word of the nick beginning with it; the list's own order within each; at most
 * `limit`. Compared as mentions are (case, width forms and runs of spaces aside).
 */
export function mentionSuggestions<T>(
  members: readonly T[],
  query: string,
  nickOf: (member: T) => string,
  limit = 8,
): T[] {
  const wanted = mentionKey(query);
  const starts: T[] = [];
  const inside: T[] = [];
  for (const member of members) {
    const key = mentionKey(nickOf(member));
    if (key.startsWith(wanted)) starts.push(member);
    else if (key.split(/[\s_-]/u).some((word, i) => i > 0 && word.startsWith(wanted)))
      inside.push(member);
  }
  return [...starts, ...inside].slice(0, limit);
}

/**
 * Replaces the typed "@query" (from `start` to the caret) with "@Nick " as picked from the list:
 * the whole nick, as the server's mention rule finds it, and one space after it unless the
 * text goes on with one. The caret comes back after the space.
 */
export function completeMention(
  text: string,
  start: number,
  caret: number,
  nick: string,
): TextWithCaret {
  const from = Math.min(Math.max(Math.trunc(start), 0), text.length);
  const to = Math.min(Math.max(Math.trunc(caret), from), text.length);
  const after = text.slice(to);
  const inserted = `@${nick.trim()}`;
  const trail = /^\s/u.test(after) ? '' : ' ';
  return {
    text: text.slice(0, from) + inserted + trail + after,
    caret: from + inserted.length + 1,
  };
}

import type { MessageReaction, Reaction } from '@chat/shared';

/** Up to this many people are named; more read "You, Bob and 3 more". */
export const WHO_REACTED_NAMED = 3;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The nicks of those who chose `reaction`, me first (as "You"), then in the order they came. */
export function reactorsOf(
  reactions: readonly MessageReaction[],
  reaction: Reaction,
  viewerId: number,
): { you: boolean; others: string[] } {
  const seen = new Set<number>();
  const others: string[] = [];
  let you = false;
  for (const r of reactions) {
    if (r.reaction !== reaction || seen.has(r.user.id)) continue;
    seen.add(r.user.id);
    if (r.user.id === viewerId) you = true;
    else others.push(r.user.nick);
  }
  return { you, others };
}

/**
 * "You, Bob and 3 more" in the interface language. Each nick comes wrapped in `<n>…</n>`, for
 * TaggedText to isolate in a <bdi> (a nick has no angle brackets); `plainWhoReacted` drops them.
 */
export function whoReactedText(who: { you: boolean; others: readonly string[] }, t: Translate) {
  const names = [
    ...(who.you ? [t('messages.whoReacted.you')] : []),
    ...who.others.map((nick) => `<n>${nick}</n>`),
  ];
  if (names.length === 0) return '';
  const named = names.length <= WHO_REACTED_NAMED ? names : names.slice(0, WHO_REACTED_NAMED - 1);
  const rest = names.length - named.length;
  const separator = t('messages.whoReacted.separator');
  if (rest > 0) return t('messages.whoReacted.more', { names: named.join(separator), count: rest });
  if (named.length === 1) return named[0] ?? '';
  return t('messages.whoReacted.last', {
    names: named.slice(0, -1).join(separator),
    last: named.at(-1),
  });
}

export const plainWhoReacted = (text: string): string => text.replace(/<\/?n>/g, '');

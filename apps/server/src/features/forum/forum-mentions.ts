import { NICK_MAX, nickKey } from '@chat/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** A nick has at most this many words ("Anna Maria Lee"). */
const MAX_WORDS = 3;
/** At most this many people named in one post are told (a list of 500 @s is no mention). */
export const FORUM_MENTIONS_MAX = 20;
const AFTER_AT = /@([\p{L}\p{N}_-]+(?:[^\S\n]+[\p{L}\p{N}_-]+){0,2})/gu;

/**
 * The keys an `@nick` of the text may stand for: each "@" with one, two or three of the words
 * after it (nicks may hold spaces), compared as nicks are (nickKey).
 */
export function mentionKeys(text: string): string[] {
  const keys = new Set<string>();
  for (const match of text.matchAll(AFTER_AT)) {
    const words = match[1]!.split(/[^\S\n]+/u).slice(0, MAX_WORDS);
    for (let n = 1; n <= words.length; n += 1) {
      const candidate = words.slice(0, n).join(' ');
      if (candidate.length <= NICK_MAX) keys.add(nickKey(candidate));
    }
    if (keys.size >= FORUM_MENTIONS_MAX * MAX_WORDS) break;
  }
  return [...keys];
}

/** The ids of the people a post names as `@nick` (its author never), live accounts only. */
export async function mentionedIds(db: Kysely<DB>, text: string, authorId: number) {
  const keys = mentionKeys(text);
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('nick_key', 'in', keys)
    .where('deleted_at', 'is', null)
    .where('id', '!=', authorId)
    .limit(FORUM_MENTIONS_MAX)
    .execute();
  return rows.map((r) => r.id);
}

import { stripInvisible } from '@chat/shared';

/**
 * How titles and search text are compared: NFKC, lower case by Russian rules, "ё" as "е",
 * split into words of letters and digits. Done in code, not SQL, because SQLite's LOWER and
 * LIKE fold ASCII only; the folded title is stored (`gifs.search_key`) and searched with LIKE.
 */
export function foldWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase('ru')
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * What two names are compared by (a room's duplicates): invisible characters dropped (names
 * stored before the text rule may hold them), then the folded words; a name of no letters or
 * digits at all ("!!!") compares as written, in lower case.
 */
export function nameKeyOf(name: string): string {
  const visible = stripInvisible(name);
  return foldWords(visible).join(' ') || visible.normalize('NFKC').toLowerCase().trim();
}

/** The stored search key: folded words wrapped in spaces, so " word" marks a word's start. */
export function searchKeyOf(title: string): string {
  return ` ${foldWords(title).join(' ')} `;
}

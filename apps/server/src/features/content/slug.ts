import { slugify } from 'transliteration';

/** Long enough to say what a thread is about, short enough for a readable address. */
export const SLUG_MAX = 80;
/** Words of the forum's own addresses (/forum/create/…, /forum/thread/…): no category's slug. */
export const RESERVED_CATEGORY_SLUGS: readonly string[] = ['create', 'thread'];

/**
 * The slug a title gives: transliterated (Cyrillic to Latin), lower case, words joined by
 * hyphens, cut at a word's end within SLUG_MAX. Empty when the title has no letter or digit
 * a Latin address can show (the caller falls back then).
 */
export function slugBase(title: string): string {
  const slug = slugify(title.normalize('NFKC'), { lowercase: true, separator: '-', trim: true })
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
  if (slug.length <= SLUG_MAX) return slug;
  const cut = slug.slice(0, SLUG_MAX + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > SLUG_MAX / 2 ? cut.slice(0, lastHyphen) : cut.slice(0, SLUG_MAX)).replace(
    /-$/,
    '',
  );
}

/**
 * The first free slug for a title among those already taken that start with its base: the
 * base itself, then base-2, base-3… (`fallback` when the title gives no base, and when the
 * base is reserved). Made once: a later edit of the title keeps the address.
 */
export function uniqueSlug(
  title: string,
  taken: ReadonlySet<string>,
  options: { fallback: string; reserved?: readonly string[] },
): string {
  const base = slugBase(title) || options.fallback;
  const free = (s: string) => !taken.has(s) && !(options.reserved ?? []).includes(s);
  if (free(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (free(candidate)) return candidate;
  }
}

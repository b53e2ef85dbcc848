import { nickSchema } from '@chat/shared';
import { transliterate } from 'transliteration';

/**
 * A nick made from the name a provider gave: kept as it is when it is already a valid nick,
 * else its letters and digits (Cyrillic kept, other scripts spelt in Latin) joined by
 * underscores, cut to a nick's length. `isFree` is asked for it and for numbered variants;
 * the first free one is suggested, or the fallback (`user12345`) when none is.
 */
export async function suggestNick(
  names: (string | null | undefined)[],
  isFree: (nick: string) => Promise<boolean>,
  fallback: string,
): Promise<string> {
  for (const name of names) {
    const base = nickBase(name ?? '');
    if (!base) continue;
    for (const candidate of [base, ...[2, 3, 7, 12, 42].map((n) => withNumber(base, n))]) {
      if (nickSchema.safeParse(candidate).success && (await isFree(candidate))) return candidate;
    }
  }
  return fallback;
}

function nickBase(name: string): string {
  const trimmed = name.normalize('NFC').trim();
  if (nickSchema.safeParse(trimmed).success) return trimmed;
  const cyrillic = /[\u0400-\u04ff]/.test(trimmed);
  const letters = (cyrillic ? trimmed : transliterate(trimmed))
    .replace(cyrillic ? /[^0-9A-Za-z\u0400-\u04ff]+/g : /[^0-9A-Za-z]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return letters.slice(0, 20);
}

function withNumber(base: string, n: number): string {
  return `${base.slice(0, 20 - String(n).length)}${n}`;
}

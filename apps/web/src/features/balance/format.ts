import { abbreviateNumber, plural, type Locale, type PluralForms } from '@chat/shared';

/**
 * Every amount of coins the web app shows goes through here: the number in the locale's own
 * digits grouping (Intl), the coin word agreeing with it (Russian has three forms), and the
 * spec's abbreviation where a navbar has room for four characters.
 */

const COIN: PluralForms = {
  ru: ['монета', 'монеты', 'монет'],
  en: ['coin', 'coins'],
};

const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** "12 500" (ru, with a no-break space), "12,500" (en). */
export function formatAmount(n: number, locale: Locale): string {
  let format = numberFormats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    numberFormats.set(locale, format);
  }
  return format.format(n);
}

/** The coin word for `n`: монета / монеты / монет, coin / coins. */
export function coinWord(n: number, locale: Locale): string {
  return plural(locale, n, COIN);
}

/** "21 монета", "1,000 coins". The space before the word does not break. */
export function formatCoins(n: number, locale: Locale): string {
  return `${formatAmount(n, locale)}\u00a0${coinWord(n, locale)}`;
}

/** "+10 coins", "−5 монет": a ledger movement, its sign always shown (a true minus sign). */
export function formatSignedCoins(n: number, locale: Locale): string {
  const sign = n > 0 ? '+' : n < 0 ? '\u2212' : '';
  return `${sign}${formatCoins(Math.abs(n), locale)}`;
}

/** "12.5k": where space is short (the navbar); the full amount goes in its title. */
export function abbreviateCoins(n: number): string {
  return abbreviateNumber(n);
}

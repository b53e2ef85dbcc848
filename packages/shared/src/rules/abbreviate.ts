/** Suffixes for powers of 1000 (spec section 9); index is the power. */
export const ABBREVIATION_SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

const MAX_TIER = ABBREVIATION_SUFFIXES.length - 1;
// Beyond 10 places the scaled integer outgrows the exact range of a double for values under 1000.
const MAX_DECIMALS = 10;

// Rounds abs / 1000^tier to `decimals` places, returned as an integer count of the last decimal
// place. Dividing by one power of ten, rather than dividing and then scaling back, keeps the
// halfway cases of whole numbers exact (999 950 / 10^2 is exactly 9999.5).
function roundedUnits(abs: number, tier: number, decimals: number): number {
  const shift = tier * 3 - decimals;
  return shift >= 0 ? Math.round(abs / 10 ** shift) : Math.round(abs * 10 ** -shift);
}

/**
 * Shortens a number with k, M, G, T, P, E: 1500 → "1.5k", 1000 → "1k", 999 → "999".
 * Trailing zeros are dropped. Values past E stay in E ("5000E"). NaN and infinities are returned
 * as JavaScript prints them so broken data stays visible instead of passing for a real count.
 */
export function abbreviateNumber(value: number, decimals = 1): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`decimals must be a whole number from 0 to ${MAX_DECIMALS}`);
  }
  if (!Number.isFinite(value)) {
    return String(value);
  }

  const abs = Math.abs(value);
  let tier = 0;
  while (tier < MAX_TIER && abs >= 1000 ** (tier + 1)) {
    tier += 1;
  }
  let units = roundedUnits(abs, tier, decimals);
  // Rounding can carry into the next power: 999 950 is "1000k" before this step, "1M" after.
  if (tier < MAX_TIER && units >= 1000 * 10 ** decimals) {
    tier += 1;
    units = roundedUnits(abs, tier, decimals);
  }

  if (units === 0) {
    return '0';
  }
  // String() prints the shortest form, which drops trailing zeros: 1.50 → "1.5", 1.0 → "1".
  const digits = String(units / 10 ** decimals);
  return `${value < 0 ? '-' : ''}${digits}${ABBREVIATION_SUFFIXES[tier] ?? ''}`;
}

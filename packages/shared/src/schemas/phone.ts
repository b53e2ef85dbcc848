import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A phone in international format ("+7 912 345-67-89") normalised to E.164 ("+79123456789"),
 * or null when it is not a valid number. Numbers without the leading "+" are not guessed at:
 * the spec asks for the international format.
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(trimmed);
  return parsed?.isValid() ? parsed.number : null;
}

/** True when the text looks like a phone rather than a nick (sign-in by nick or phone). */
export function looksLikePhone(input: string): boolean {
  return /^\+[\d\s()-]{6,}$/.test(input.trim());
}

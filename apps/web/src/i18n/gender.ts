import type { Gender } from '@chat/shared';

/**
 * The i18next context that makes a text agree with a person: `t('key', { ...agreeWith(user) })`
 * reads `key_female` or `key_male` (Russian: "Марина подарила", "Bob подарил"), and the
 * neutral `key` when the gender is not given or the person unknown (an anonymous sender).
 * English mostly has the neutral key alone, which i18next falls back to.
 */
export function agreeWith(person: { gender?: Gender | null } | null | undefined): {
  context?: Gender;
} {
  const gender = person?.gender;
  return gender === 'male' || gender === 'female' ? { context: gender } : {};
}

/** The same for a gender read from loosely typed data (a stored notification's `user`). */
export function genderOf(value: unknown): Gender | null {
  return value === 'male' || value === 'female' ? value : null;
}

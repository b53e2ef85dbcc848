export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';

export function isLocale(value: unknown): value is Locale {
  return value === 'ru' || value === 'en';
}

/** The API's rule for X-Localization: `en` gives English, anything else Russian. */
export function localeFromHeader(value: string | undefined): Locale {
  return value?.trim().toLowerCase().startsWith('en') ? 'en' : 'ru';
}

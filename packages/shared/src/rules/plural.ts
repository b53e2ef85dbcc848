import type { Locale } from '../locale';

/** Russian forms in the order "one, few, many": яблоко, яблока, яблок. */
export type RuPluralForms = readonly [one: string, few: string, many: string];
/** English forms: apple, apples. */
export type EnPluralForms = readonly [one: string, other: string];

export interface PluralForms {
  ru: RuPluralForms;
  en: EnPluralForms;
}

export type RuPluralCategory = 'one' | 'few' | 'many';

/** The Russian plural rule (spec section 9): three forms chosen by the last one or two digits. */
export function pluralCategoryRu(n: number): RuPluralCategory {
  if (!Number.isFinite(n)) {
    return 'many';
  }
  const abs = Math.abs(n);
  // Russian agrees a fraction with the genitive singular: "1,5 минуты", "2,5 часа".
  if (!Number.isInteger(abs)) {
    return 'few';
  }
  const lastDigit = abs % 10;
  const lastTwo = abs % 100;
  if (lastDigit === 1 && lastTwo !== 11) {
    return 'one';
  }
  if (lastDigit >= 2 && lastDigit <= 4 && (lastTwo < 12 || lastTwo > 14)) {
    return 'few';
  }
  return 'many';
}

export function pluralRu(n: number, forms: RuPluralForms): string {
  const [one, few, many] = forms;
  switch (pluralCategoryRu(n)) {
    case 'one':
      return one;
    case 'few':
      return few;
    case 'many':
      return many;
  }
}

export function pluralEn(n: number, forms: EnPluralForms): string {
  const [one, other] = forms;
  return Math.abs(n) === 1 ? one : other;
}

/** Picks the form for the interface language; the caller gives each language its own forms. */
export function plural(locale: Locale, n: number, forms: PluralForms): string {
  return locale === 'en' ? pluralEn(n, forms.en) : pluralRu(n, forms.ru);
}

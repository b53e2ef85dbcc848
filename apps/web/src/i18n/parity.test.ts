import { describe, expect, it } from 'vitest';
import { resources } from './resources';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

// i18next plural keys: Russian needs one/few/many/other, English only one/other, so a plural
// counts as one key when the two languages are compared.
const PLURAL = /_(zero|one|two|few|many|other)$/;
// i18next contexts by a person's gender (i18n/gender.ts): Russian agrees a verb or a label
// with him or her ("подарил", "подарила"), English mostly needs none; the neutral key without
// a context is what an unknown gender reads, so it must be there in both languages.
const GENDER = /_(male|female)$/;

const baseOf = (key: string) => key.replace(PLURAL, '').replace(GENDER, '');

function baseKeys(locale: 'ru' | 'en'): string[] {
  return [...new Set(keysOf(resources[locale]).map(baseOf))].sort();
}

describe('translations', () => {
  it('have the same keys in Russian and English', () => {
    expect(baseKeys('ru')).toEqual(baseKeys('en'));
  });

  it('have every plural form each language needs', () => {
    for (const locale of ['ru', 'en'] as const) {
      const keys = new Set(keysOf(resources[locale]));
      const plurals = [...keys].filter((key) => PLURAL.test(key)).map((k) => k.replace(PLURAL, ''));
      const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const missing = [...new Set(plurals)].flatMap((base) =>
        forms.map((form) => `${base}_${form}`).filter((key) => !keys.has(key)),
      );
      expect(missing, locale).toEqual([]);
    }
  });

  it('give every gendered text its neutral form, and both genders where there is one', () => {
    for (const locale of ['ru', 'en'] as const) {
      const keys = new Set(keysOf(resources[locale]).map((key) => key.replace(PLURAL, '')));
      const gendered = [...keys].filter((key) => GENDER.test(key));
      const missing = gendered.flatMap((key) => {
        const base = key.replace(GENDER, '');
        return [base, `${base}_male`, `${base}_female`].filter((k) => !keys.has(k));
      });
      expect([...new Set(missing)], locale).toEqual([]);
    }
  });

  it('have no empty text', () => {
    for (const locale of ['ru', 'en'] as const) {
      const empty = keysOf(resources[locale]).filter((key) => {
        const text = key
          .split('.')
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown>)[part],
            resources[locale],
          );
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(empty, locale).toEqual([]);
    }
  });

  it('keep Latin words out of the Russian interface, except names and formats', () => {
    const allowed =
      /\b(Chatik|English|cookie|e-mail|Alt|Shift|Ctrl|Enter|JPEG|PNG|GIF|WebP|SVG|MP3|Ogg|WAV|WOFF2|CSV|Markdown|Android|iOS|https|exe|msi|apk|ipa|dmg)\b/gi;
    const latin = keysOf(resources.ru).filter((key) => {
      const text = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources.ru);
      return (
        typeof text === 'string' &&
        /[a-z]{3,}/i.test(text.replace(allowed, '').replace(/<\/?\w+>|\{\{\w+\}\}/g, ''))
      );
    });
    expect(latin).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { resources } from './resources';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('translations', () => {
  it('have the same keys in Russian and English', () => {
    expect(keysOf(resources.ru).sort()).toEqual(keysOf(resources.en).sort());
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
    const allowed = /\b(Chatik|English|cookie|e-mail)\b/gi;
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

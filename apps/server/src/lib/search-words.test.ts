import { describe, expect, it } from 'vitest';
import { searchWordsOf, stemWord, stemsOf } from './search-words';

describe('search words', () => {
  it('joins Russian word forms that Snowball joins', () => {
    expect(new Set(['кошки', 'кошка', 'кошкам', 'кошку'].map(stemWord))).toEqual(new Set(['кошк']));
    expect(new Set(['бегал', 'бегать', 'бегала', 'бегают'].map(stemWord)).size).toBe(1);
  });

  it('joins English word forms with the English stemmer', () => {
    expect(new Set(['running', 'runs', 'run'].map(stemWord))).toEqual(new Set(['run']));
    expect(stemWord('databases')).toBe(stemWord('database'));
  });

  it('folds case and ё before stemming', () => {
    expect(stemsOf('ЁЖИК ёжики Ежик')).toEqual(['ежик', 'ежик', 'ежик']);
  });

  it('leaves digits and other scripts as folded, and cuts absurdly long words', () => {
    expect(stemsOf('2024 東京')).toEqual(['2024', '東京']);
    expect(stemWord('a'.repeat(1000)).length).toBeLessThanOrEqual(64);
  });

  it('makes the index document of a text, markup and operators dropped', () => {
    expect(searchWordsOf('<b>Кошки</b> "NEAR(" бегали*')).toBe('b кошк b near бега');
    expect(searchWordsOf('')).toBe('');
    expect(searchWordsOf(null)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { fts5Match, parseSearchQuery, SEARCH_TERMS_MAX, tsQueryText } from './search-query';

const kinds = (q: string) => parseSearchQuery(q).terms.map((t) => t.kind);

describe('the search query language', () => {
  it('reads words, all of which must match, folded and stemmed', () => {
    const { terms } = parseSearchQuery('Кошки БЕГАЛИ');
    expect(terms).toEqual([
      { kind: 'word', word: 'кошки', stem: 'кошк' },
      { kind: 'word', word: 'бегали', stem: 'бега' },
    ]);
  });

  it('reads ё as е', () => {
    expect(parseSearchQuery('Ёлка').terms[0]).toMatchObject({ word: 'елка' });
  });

  it('reads "quoted phrases", a one-word phrase as a word', () => {
    expect(parseSearchQuery('"рыжая кошка" спит "дом"').terms).toEqual([
      { kind: 'phrase', words: ['рыжая', 'кошка'], stems: ['рыж', 'кошк'] },
      { kind: 'word', word: 'спит', stem: 'спит' },
      { kind: 'word', word: 'дом', stem: 'дом' },
    ]);
  });

  it('reads a trailing star as a prefix of two letters or more', () => {
    expect(parseSearchQuery('бег* run*,').terms).toEqual([
      { kind: 'prefix', word: 'бег', stem: 'бег' },
      { kind: 'prefix', word: 'run', stem: 'run' },
    ]);
    expect(kinds('a*')).toEqual(['word']);
    expect(kinds('*')).toEqual([]);
    expect(kinds('**кот')).toEqual(['word']);
  });

  it('takes an unbalanced quote for a separator', () => {
    expect(kinds('"рыжая кошка')).toEqual(['word', 'word']);
    expect(kinds('"a b" "c')).toEqual(['phrase', 'word']);
  });

  it('leaves nothing of a query of operators and punctuation', () => {
    for (const q of ['"', '*', '^', '-', ')))', 'NEAR(', '" * ^ - : ( )', '\0\0', '   ']) {
      const words = parseSearchQuery(q).terms.filter((t) => t.kind !== 'word' || t.word !== 'near');
      expect(words, q).toEqual([]);
    }
  });

  it('treats operator words and SQL as plain words', () => {
    const parsed = parseSearchQuery(`кот OR пёс' OR 1=1 -- NEAR(a b) ^x -y col:z`);
    expect(fts5Match(parsed)).toMatch(/^("[\p{L}\p{N} ]+"\*? ?)+$/u);
    expect(tsQueryText(parsed)).toMatch(/^('[\p{L}\p{N}]+'(:\*)?( & )?)+$/u);
  });

  it('drops null bytes and control characters', () => {
    expect(parseSearchQuery('ко\0шка\u0007').terms.map((t) => t.kind)).toEqual(['word', 'word']);
  });

  it('keeps at most SEARCH_TERMS_MAX distinct terms', () => {
    expect(parseSearchQuery('кот кота коты').terms).toHaveLength(1);
    const many = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');
    expect(parseSearchQuery(many).terms).toHaveLength(SEARCH_TERMS_MAX);
  });

  it('builds the FTS5 and tsquery texts of a query', () => {
    const parsed = parseSearchQuery('кошки "рыжая кошка" бег*');
    expect(fts5Match(parsed)).toBe('"кошк" "рыж кошк" "бег"*');
    expect(tsQueryText(parsed)).toBe(`'кошки' & ('рыжая' <-> 'кошка') & 'бег':*`);
  });
});

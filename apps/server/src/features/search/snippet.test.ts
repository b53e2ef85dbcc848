import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from './search-query';
import { makeSnippet } from './snippet';

const snippet = (text: string, q: string, words?: number) =>
  makeSnippet(text, parseSearchQuery(q), words);

describe('snippets', () => {
  it('marks the matched word forms in the original text', () => {
    expect(snippet('Мои Кошки любят молоко', 'кошка')).toBe('Мои <mark>Кошки</mark> любят молоко');
    expect(snippet('Ёжик бежал', 'ежики')).toBe('<mark>Ёжик</mark> бежал');
    expect(snippet('I was running home', 'runs')).toBe('I was <mark>running</mark> home');
  });

  it('marks prefixes and each word of a phrase', () => {
    expect(snippet('бегала по двору', 'бег*')).toBe('<mark>бегала</mark> по двору');
    expect(snippet('рыжая кошка спит', '"рыжая кошка"')).toBe(
      '<mark>рыжая</mark> <mark>кошка</mark> спит',
    );
  });

  it('escapes everything, so <mark> is the only tag', () => {
    const out = snippet('<script>alert("кошка")</script> & <b onclick=x>', 'кошка');
    expect(out).toBe(
      '&lt;script&gt;alert(&quot;<mark>кошка</mark>&quot;)&lt;/script&gt; &amp; &lt;b onclick=x&gt;',
    );
    expect(out.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('cuts a window of words around the first match', () => {
    const before = Array.from({ length: 50 }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: 50 }, (_, i) => `b${i}`).join(' ');
    const out = snippet(`${before} кошка ${after}`, 'кошка', 10);
    expect(out.startsWith('…a42 ')).toBe(true);
    expect(out).toContain('<mark>кошка</mark>');
    expect(out.endsWith('b0…')).toBe(true);
    expect(out.split(' ')).toHaveLength(10);
  });

  it('shows the start when nothing matches, and folds whitespace', () => {
    expect(snippet('одна\n\nдве   три', 'кошка')).toBe('одна две три');
    expect(snippet('', 'кошка')).toBe('');
  });
});

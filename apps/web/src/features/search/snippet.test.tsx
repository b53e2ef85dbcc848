import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseSnippet, Snippet, unescapeEntities } from './snippet';

const shown = (snippet: string) =>
  render(
    <p data-testid="s">
      <Snippet snippet={snippet} />
    </p>,
  );

describe('a search snippet', () => {
  it('splits the escaped text on the marked words', () => {
    expect(parseSnippet('Моя <mark>кошка</mark> и <mark>кошки</mark>.')).toEqual([
      { text: 'Моя ', marked: false },
      { text: 'кошка', marked: true },
      { text: ' и ', marked: false },
      { text: 'кошки', marked: true },
      { text: '.', marked: false },
    ]);
    expect(parseSnippet('')).toEqual([]);
  });

  it('shows an escaped script as its literal text and creates no element for it', () => {
    const snippet = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; <mark>cat</mark> &amp; dog';
    const { getByTestId } = shown(snippet);
    const p = getByTestId('s');
    expect(p.textContent).toBe('<script>alert("x")</script> cat & dog');
    expect(p.querySelector('script')).toBeNull();
    expect([...p.querySelectorAll('*')].map((e) => e.tagName)).toEqual(['MARK']);
    expect(p.querySelector('mark')?.textContent).toBe('cat');
  });

  it('treats only the exact mark tags as markup', () => {
    // An escaped "<mark>" someone wrote, an attribute, any other tag: all text.
    const { getByTestId } = shown(
      '&lt;mark&gt;mine&lt;/mark&gt; <mark class="x">a</mark> <b>b</b> <img src=x onerror=alert(1)>',
    );
    const p = getByTestId('s');
    expect(p.querySelectorAll('*')).toHaveLength(0);
    expect(p.textContent).toBe(
      '<mark>mine</mark> <mark class="x">a</mark> <b>b</b> <img src=x onerror=alert(1)>',
    );
  });

  it('unescapes each entity once, numeric ones too, and leaves unknown ones as written', () => {
    expect(unescapeEntities('&amp;lt; &#39; &#x27; &apos; &#1105; &nbsp; &#xD800; &#0;')).toBe(
      "&lt; ' ' ' ё &nbsp; &#xD800; &#0;",
    );
  });

  it('keeps a mark that never closes as text', () => {
    const { getByTestId } = shown('a <mark>b');
    expect(getByTestId('s').querySelectorAll('mark')).toHaveLength(0);
    expect(getByTestId('s').textContent).toBe('a <mark>b');
  });
});

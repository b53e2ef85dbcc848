import { render } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { pageBlocks } from './page-blocks';
import { PageBody } from './page-body';

describe('pageBlocks', () => {
  it('reads paragraphs, "## " headings and "- " lists', () => {
    const body = '## Terms\nFirst line\nsame paragraph.\n\n- one\n- two\n\nLast.';
    expect(pageBlocks(body)).toEqual([
      { kind: 'heading', text: 'Terms' },
      { kind: 'paragraph', text: 'First line same paragraph.' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'Last.' },
    ]);
  });

  it('splits a list that follows a paragraph without a blank line', () => {
    expect(pageBlocks('Intro:\n- a\n- b\nafter')).toEqual([
      { kind: 'paragraph', text: 'Intro:' },
      { kind: 'list', items: ['a', 'b'] },
      { kind: 'paragraph', text: 'after' },
    ]);
  });

  it('renders markup in the text as text', () => {
    const { container } = render(
      createElement(PageBody, { body: '## <img src=x onerror=alert(1)>\n\n<b>bold</b>' }),
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('h2')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(container.querySelector('p')?.textContent).toBe('<b>bold</b>');
  });
});

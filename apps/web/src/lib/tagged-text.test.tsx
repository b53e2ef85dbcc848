import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TaggedText } from './tagged-text';

describe('TaggedText', () => {
  it('puts each tagged part into its element, keeping the text around it', () => {
    const { container } = render(
      <TaggedText
        text="Read <privacy>the policy</privacy> and <terms>the terms</terms>."
        elements={{ privacy: <a href="/p" />, terms: <em /> }}
      />,
    );
    expect(container.innerHTML).toBe('Read <a href="/p">the policy</a> and <em>the terms</em>.');
  });

  it('shows an unknown tag as its text', () => {
    const { container } = render(<TaggedText text="a <x>b</x> c" elements={{}} />);
    expect(container.innerHTML).toBe('a b c');
  });
});

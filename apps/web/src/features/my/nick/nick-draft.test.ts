import { GRADIENT_MAX, isNickColorAllowed } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { makeNick } from '../../../../../../packages/shared/src/test/chat-fixtures';
import {
  GRADIENT_COUNTS,
  draftFromNick,
  draftToBody,
  withColor,
  withCount,
  type NickDraft,
} from './nick-draft';

const base: NickDraft = {
  color: '#1957ae',
  count: 0,
  gradient: [],
  font_id: null,
  weight: null,
  italic: false,
};

describe('nick draft', () => {
  it('offers 0 (off) and 2..GRADIENT_MAX colours, never 1', () => {
    expect(GRADIENT_COUNTS[0]).toBe(0);
    expect(GRADIENT_COUNTS).not.toContain(1);
    expect(GRADIENT_COUNTS.at(-1)).toBe(GRADIENT_MAX);
  });

  it('grows a gradient from the nick colour and allowed palette colours, and cuts it', () => {
    const three = withCount(base, 3);
    expect(three.count).toBe(3);
    expect(three.gradient).toHaveLength(3);
    expect(three.gradient[0]).toBe('#1957ae');
    expect(three.gradient.every(isNickColorAllowed)).toBe(true);
    const two = withCount(three, 2);
    expect(two.gradient).toEqual(three.gradient.slice(0, 2));
  });

  it('treats 0 and 1 as off, and caps at the maximum', () => {
    expect(withCount(withCount(base, 4), 0)).toMatchObject({ count: 0, gradient: [] });
    expect(withCount(base, 1)).toMatchObject({ count: 0, gradient: [] });
    expect(withCount(base, 500).gradient).toHaveLength(GRADIENT_MAX);
  });

  it('sends no gradient list while the gradient is off', () => {
    expect(draftToBody(base)).toMatchObject({ has_gradient: false, gradient: [] });
    const on = withColor(withCount(base, 2), 1, '#8d2fbc');
    expect(draftToBody(on)).toMatchObject({ has_gradient: true, gradient: ['#1957ae', '#8d2fbc'] });
  });

  it('puts a colour in the chosen slot only', () => {
    expect(withColor(base, 'color', '#2fbc3b').color).toBe('#2fbc3b');
    expect(withColor(base, 5, '#2fbc3b')).toBe(base);
  });

  it('reads a saved style: a gradient of one colour counts as off', () => {
    const nick = { ...makeNick('A'), has_gradient: true, gradient: ['#1957ae'] };
    expect(draftFromNick(nick)).toMatchObject({ count: 0, gradient: [] });
    const two = { ...makeNick('A'), has_gradient: true, gradient: ['#1957ae', '#8d2fbc'] };
    expect(draftFromNick(two)).toMatchObject({ count: 2 });
  });
});

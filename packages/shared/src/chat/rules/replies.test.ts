import { describe, expect, it } from 'vitest';
import { makeMessage } from '../../test/chat-fixtures';
import { REPLY_EXCERPT_MAX } from '../constants';
import { quoteOf, replyExcerpt, withMessageEdited, withQuotesGone } from './replies';

describe('reply quotes', () => {
  it('quote the first words on one line, cut with an ellipsis, counted in code points', () => {
    expect(replyExcerpt('  two\n\nlines\there ')).toBe('two lines here');
    const long = '😀'.repeat(REPLY_EXCERPT_MAX + 5);
    const cut = replyExcerpt(long);
    expect([...cut]).toHaveLength(REPLY_EXCERPT_MAX);
    expect(cut.endsWith('…')).toBe(true);
    expect(replyExcerpt('😀'.repeat(REPLY_EXCERPT_MAX))).toBe('😀'.repeat(REPLY_EXCERPT_MAX));
  });

  it('name the author by plain nick', () => {
    const quote = quoteOf(makeMessage({ id: 7, text: 'hi there' }));
    expect(quote).toEqual({
      id: 7,
      user: { id: 1, slug: 'user-1', nick: 'User1' },
      text: 'hi there',
    });
  });

  it('lose author and words when the original goes, and follow its edits', () => {
    const original = makeMessage({ id: 1, text: 'first' });
    const reply = makeMessage({ id: 2, reply_to: quoteOf(original) });
    const edited = withMessageEdited([original, reply], {
      ...original,
      text: 'fixed',
      edited_at: 'x',
    });
    expect(edited[1]!.reply_to?.text).toBe('fixed');
    expect(edited[0]).toMatchObject({ text: 'fixed', edited_at: 'x' });
    const gone = withQuotesGone([reply], (q) => q.id === 1);
    expect(gone[0]!.reply_to).toEqual({ id: 1, user: null, text: '', deleted: true });
    const same = [reply];
    expect(withQuotesGone(same, (q) => q.id === 9)).toBe(same);
  });
});

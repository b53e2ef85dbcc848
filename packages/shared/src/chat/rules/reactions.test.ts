import { describe, expect, it } from 'vitest';
import { deepFreeze, makeMessage, makeReaction } from '../../test/chat-fixtures';
import { addReaction, hasReacted, reactionCounts, removeReaction } from './reactions';

describe('addReaction', () => {
  it('adds a reaction at the end', () => {
    const message = deepFreeze(makeMessage({ reactions: [makeReaction('like', 1)] }));
    const next = addReaction(message, makeReaction('fire', 2));
    expect(next.reactions).toEqual([makeReaction('like', 1), makeReaction('fire', 2)]);
    expect(message.reactions).toHaveLength(1);
  });

  it('returns the message itself when the same user already gave that reaction', () => {
    const message = deepFreeze(makeMessage({ reactions: [makeReaction('like', 1)] }));
    expect(addReaction(message, makeReaction('like', 1))).toBe(message);
  });

  it('lets the same user give a different reaction', () => {
    const message = deepFreeze(makeMessage({ reactions: [makeReaction('like', 1)] }));
    expect(addReaction(message, makeReaction('love', 1)).reactions).toEqual([
      makeReaction('like', 1),
      makeReaction('love', 1),
    ]);
  });

  it('lets another user give the same reaction', () => {
    const message = deepFreeze(makeMessage({ reactions: [makeReaction('like', 1)] }));
    expect(addReaction(message, makeReaction('like', 2)).reactions).toEqual([
      makeReaction('like', 1),
      makeReaction('like', 2),
    ]);
  });

  it('keeps the rest of the message', () => {
    const message = deepFreeze(makeMessage({ id: 42, text: 'hi' }));
    const next = addReaction(message, makeReaction('wow', 3));
    expect(next).toEqual({ ...message, reactions: [makeReaction('wow', 3)] });
  });
});

describe('removeReaction', () => {
  const message = deepFreeze(
    makeMessage({
      reactions: [makeReaction('like', 1), makeReaction('like', 2), makeReaction('love', 1)],
    }),
  );

  it('removes only that user’s reaction of that kind', () => {
    expect(removeReaction(message, 'like', 1).reactions).toEqual([
      makeReaction('like', 2),
      makeReaction('love', 1),
    ]);
  });

  it('returns the message itself when there is nothing to remove', () => {
    expect(removeReaction(message, 'fire', 1)).toBe(message);
    expect(removeReaction(message, 'like', 3)).toBe(message);
    expect(removeReaction(message, 'no-such-reaction', 1)).toBe(message);
  });
});

describe('hasReacted', () => {
  const message = deepFreeze(makeMessage({ reactions: [makeReaction('sad', 5)] }));

  it('matches both the user and the reaction', () => {
    expect(hasReacted(message, 'sad', 5)).toBe(true);
    expect(hasReacted(message, 'sad', 6)).toBe(false);
    expect(hasReacted(message, 'like', 5)).toBe(false);
  });
});

describe('reactionCounts', () => {
  it('is empty for a message without reactions', () => {
    expect(reactionCounts(makeMessage())).toEqual([]);
  });

  it('groups by reaction in the picker’s order, not the order they were given', () => {
    const message = deepFreeze(
      makeMessage({
        reactions: [
          makeReaction('clap', 1),
          makeReaction('like', 2),
          makeReaction('clap', 3),
          makeReaction('love', 1),
          makeReaction('like', 1),
        ],
      }),
    );
    expect(reactionCounts(message)).toEqual([
      { reaction: 'like', count: 2, userIds: [2, 1] },
      { reaction: 'love', count: 1, userIds: [1] },
      { reaction: 'clap', count: 2, userIds: [1, 3] },
    ]);
  });

  it('counts a user once per reaction even when the wire repeats them', () => {
    const message = makeMessage({ reactions: [makeReaction('fire', 4), makeReaction('fire', 4)] });
    expect(reactionCounts(message)).toEqual([{ reaction: 'fire', count: 1, userIds: [4] }]);
  });
});

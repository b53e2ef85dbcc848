import { describe, expect, it } from 'vitest';
import { ROOM_MESSAGES_CAP, ROOM_MESSAGES_KEEP } from '../../constants';
import { deepFreeze, makeMessage, makeMessages, makeReaction } from '../../test/chat-fixtures';
import { capMessages, mergeMessages, prependHistory } from './message-cap';

/** The ids from..to inclusive. */
function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function ids(messages: readonly { id: number }[]): number[] {
  return messages.map((message) => message.id);
}

describe('capMessages', () => {
  it('uses the spec’s limits', () => {
    expect(ROOM_MESSAGES_CAP).toBe(60);
    expect(ROOM_MESSAGES_KEEP).toBe(40);
  });

  it('keeps exactly 60 messages as they are, in a new array', () => {
    const messages = deepFreeze(makeMessages(range(1, 60)));
    const capped = capMessages(messages);
    expect(ids(capped)).toEqual(range(1, 60));
    expect(capped).not.toBe(messages);
  });

  it('trims 61 messages to the newest 40', () => {
    expect(ids(capMessages(deepFreeze(makeMessages(range(1, 61)))))).toEqual(range(22, 61));
  });

  it('trims a long list to the newest 40', () => {
    expect(ids(capMessages(deepFreeze(makeMessages(range(1, 200)))))).toEqual(range(161, 200));
  });

  it('keeps an empty room empty', () => {
    expect(capMessages([])).toEqual([]);
  });
});

describe('mergeMessages', () => {
  it('adds new messages after the held ones', () => {
    const merged = mergeMessages(deepFreeze(makeMessages([1, 2])), deepFreeze(makeMessages([3])));
    expect(ids(merged)).toEqual([1, 2, 3]);
  });

  it('sorts by id whatever order the lists come in', () => {
    const merged = mergeMessages(
      deepFreeze(makeMessages([5, 1])),
      deepFreeze(makeMessages([4, 2, 3])),
    );
    expect(ids(merged)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps each id once, taking the incoming copy', () => {
    const old = makeMessage({ id: 2, text: 'old' });
    const updated = makeMessage({ id: 2, text: 'old', reactions: [makeReaction('fire', 9)] });
    const merged = mergeMessages(
      deepFreeze([makeMessage({ id: 1 }), old]),
      deepFreeze([updated, makeMessage({ id: 3 })]),
    );
    expect(ids(merged)).toEqual([1, 2, 3]);
    expect(merged[1]).toBe(updated);
  });

  it('removes duplicates inside the incoming list itself', () => {
    expect(ids(mergeMessages([], deepFreeze(makeMessages([3, 3, 1]))))).toEqual([1, 3]);
  });

  it('caps the result, as a reconnect may bring many missed messages', () => {
    const merged = mergeMessages(
      deepFreeze(makeMessages(range(1, 50))),
      deepFreeze(makeMessages(range(51, 75))),
    );
    expect(ids(merged)).toEqual(range(36, 75));
  });
});

describe('prependHistory', () => {
  it('puts older messages before the held ones', () => {
    const merged = prependHistory(
      deepFreeze(makeMessages([5, 6])),
      deepFreeze(makeMessages([3, 4])),
    );
    expect(ids(merged)).toEqual([3, 4, 5, 6]);
  });

  it('does not cap, so the page just loaded stays', () => {
    const merged = prependHistory(
      deepFreeze(makeMessages(range(41, 80))),
      deepFreeze(makeMessages(range(1, 40))),
    );
    expect(ids(merged)).toEqual(range(1, 80));
  });

  it('keeps each id once when the page overlaps the held messages', () => {
    const merged = prependHistory(
      deepFreeze(makeMessages([4, 5, 6])),
      deepFreeze(makeMessages([2, 3, 4])),
    );
    expect(ids(merged)).toEqual([2, 3, 4, 5, 6]);
  });
});

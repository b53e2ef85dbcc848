import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../test/chat-fixtures';
import type { TypingState } from './typing';
import { TYPING_TTL_MS, activeTypers, pruneTypers, typingLabel, typingNow } from './typing';

const T0 = 1_000_000;

function typing(user_id: number, nick: string, typing = true) {
  return { user_id, nick, typing };
}

describe('typingNow', () => {
  it('adds a user who started typing, stamped with the time', () => {
    expect(typingNow([], typing(1, 'Анна'), T0)).toEqual([{ user_id: 1, nick: 'Анна', at: T0 }]);
  });

  it('refreshes the time and the nick of a user already typing, without a second entry', () => {
    const state = deepFreeze(typingNow([], typing(1, 'Анна'), T0));
    expect(typingNow(state, typing(1, 'Аня'), T0 + 2000)).toEqual([
      { user_id: 1, nick: 'Аня', at: T0 + 2000 },
    ]);
  });

  it('removes a user who stopped', () => {
    const state: TypingState = deepFreeze([
      { user_id: 1, nick: 'Анна', at: T0 },
      { user_id: 2, nick: 'Борис', at: T0 },
    ]);
    expect(typingNow(state, typing(1, 'Анна', false), T0)).toEqual([
      { user_id: 2, nick: 'Борис', at: T0 },
    ]);
  });

  it('ignores a stop from a user who was not typing', () => {
    expect(typingNow([], typing(1, 'Анна', false), T0)).toEqual([]);
  });
});

describe('activeTypers', () => {
  const state: TypingState = deepFreeze([
    { user_id: 1, nick: 'Zoe', at: T0 },
    { user_id: 2, nick: 'anna', at: T0 - 5999 },
    { user_id: 3, nick: 'Bob', at: T0 - 6000 },
    { user_id: 4, nick: 'Борис', at: T0 - 100 },
  ]);

  it('lists the nicks typing within the last six seconds, sorted', () => {
    expect(TYPING_TTL_MS).toBe(6000);
    expect(activeTypers(state, T0)).toEqual(['anna', 'Zoe', 'Борис']);
  });

  it('takes another time to live', () => {
    expect(activeTypers(state, T0, 1000)).toEqual(['Zoe', 'Борис']);
  });

  it('is empty when everyone went quiet', () => {
    expect(activeTypers(state, T0 + 60_000)).toEqual([]);
  });
});

describe('pruneTypers', () => {
  const state: TypingState = deepFreeze([
    { user_id: 1, nick: 'Анна', at: T0 },
    { user_id: 2, nick: 'Борис', at: T0 - 7000 },
  ]);

  it('drops stale entries', () => {
    expect(pruneTypers(state, T0)).toEqual([{ user_id: 1, nick: 'Анна', at: T0 }]);
  });

  it('returns the state itself when nobody is stale', () => {
    expect(pruneTypers(state, T0 - 2000)).toBe(state);
  });
});

describe('typingLabel', () => {
  it('is empty when nobody types', () => {
    expect(typingLabel([], 'ru')).toBe('');
    expect(typingLabel([], 'en')).toBe('');
  });

  it('names one typer', () => {
    expect(typingLabel(['Анна'], 'ru')).toBe('Анна печатает…');
    expect(typingLabel(['Anna'], 'en')).toBe('Anna is typing…');
  });

  it('names two typers', () => {
    expect(typingLabel(['Анна', 'Борис'], 'ru')).toBe('Анна и Борис печатают…');
    expect(typingLabel(['Anna', 'Boris'], 'en')).toBe('Anna and Boris are typing…');
  });

  it('names three typers', () => {
    expect(typingLabel(['Анна', 'Борис', 'Вика'], 'ru')).toBe('Анна, Борис и Вика печатают…');
    expect(typingLabel(['Anna', 'Boris', 'Vika'], 'en')).toBe('Anna, Boris and Vika are typing…');
  });

  it('names two and counts the rest from four typers on', () => {
    expect(typingLabel(['Анна', 'Борис', 'Вика', 'Гена'], 'ru')).toBe(
      'Анна, Борис и ещё 2 печатают…',
    );
    expect(typingLabel(['Anna', 'Boris', 'Vika', 'Gena'], 'en')).toBe(
      'Anna, Boris and 2 more are typing…',
    );
    expect(typingLabel(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 'ru')).toBe('a, b и ещё 5 печатают…');
    expect(typingLabel(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 'en')).toBe(
      'a, b and 5 more are typing…',
    );
  });
});

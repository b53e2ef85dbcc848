import { describe, expect, it } from 'vitest';
import { GUEST_MESSAGE_MAX_LENGTH, MESSAGE_MAX_LENGTH } from '../constants';
import { makeMessage } from '../../test/chat-fixtures';
import {
  completeMention,
  findTypedMentions,
  insertMention,
  mentionIndex,
  mentionQueryAt,
  mentionSuggestions,
  mentionsUser,
  messageLength,
  messageMaxLength,
  remainingChars,
} from './mentions';

describe('mentionsUser', () => {
  const message = makeMessage({
    nicks: [
      { nick: 'Анна', user_id: 4 },
      { nick: 'Bob', user_id: 9 },
    ],
  });

  it('is true for a mentioned user', () => {
    expect(mentionsUser(message, 4)).toBe(true);
    expect(mentionsUser(message, 9)).toBe(true);
  });

  it('is false for anyone else', () => {
    expect(mentionsUser(message, 5)).toBe(false);
    expect(mentionsUser(makeMessage(), 4)).toBe(false);
  });
});

describe('insertMention', () => {
  it('addresses the user in an empty box', () => {
    expect(insertMention('', 'Анна')).toEqual({ text: 'Анна, ', caret: 6 });
  });

  it('addresses the user when the caret is at the start of the text', () => {
    expect(insertMention('привет', 'Анна', 0)).toEqual({ text: 'Анна, привет', caret: 6 });
  });

  it('drops blanks before the caret and after it when addressing', () => {
    expect(insertMention('   hi', 'Bob', 2)).toEqual({ text: 'Bob, hi', caret: 5 });
    expect(insertMention('  ', 'Bob')).toEqual({ text: 'Bob, ', caret: 5 });
  });

  it('appends with spaces around the nick at the end of the text', () => {
    expect(insertMention('hi', 'Bob')).toEqual({ text: 'hi Bob ', caret: 7 });
  });

  it('adds no second space after a space already typed', () => {
    expect(insertMention('hi ', 'Bob')).toEqual({ text: 'hi Bob ', caret: 7 });
  });

  it('sets the nick apart from the words around it in the middle of the text', () => {
    expect(insertMention('hello there', 'Bob', 5)).toEqual({
      text: 'hello Bob there',
      caret: 10,
    });
    expect(insertMention('hello there', 'Bob', 6)).toEqual({
      text: 'hello Bob there',
      caret: 10,
    });
  });

  it('splits a word the caret stands in', () => {
    expect(insertMention('helo', 'Bob', 2)).toEqual({ text: 'he Bob lo', caret: 7 });
  });

  it('follows an earlier address with a plain mention', () => {
    const first = insertMention('', 'Анна');
    expect(insertMention(first.text, 'Bob', first.caret)).toEqual({
      text: 'Анна, Bob ',
      caret: 10,
    });
  });

  it('trims the nick', () => {
    expect(insertMention('hi', '  Bob ')).toEqual({ text: 'hi Bob ', caret: 7 });
  });

  it('changes nothing for a blank nick', () => {
    expect(insertMention('hi', '  ', 1)).toEqual({ text: 'hi', caret: 1 });
  });

  it('keeps the caret inside the text', () => {
    expect(insertMention('hi', 'Bob', 99)).toEqual({ text: 'hi Bob ', caret: 7 });
    expect(insertMention('hi', 'Bob', -3)).toEqual({ text: 'Bob, hi', caret: 5 });
    expect(insertMention('hi', 'Bob', Number.NaN)).toEqual({ text: 'hi Bob ', caret: 7 });
  });

  it('counts the caret in UTF-16 units, as the text box does', () => {
    expect(insertMention('😀x', 'Bob', 2)).toEqual({ text: '😀 Bob x', caret: 7 });
  });
});

describe('messageLength', () => {
  it('counts code points, so an emoji is one character', () => {
    expect(messageLength('')).toBe(0);
    expect(messageLength('abc')).toBe(3);
    expect(messageLength('привет')).toBe(6);
    expect(messageLength('😀😀')).toBe(2);
  });
});

describe('messageMaxLength', () => {
  it('gives guests the shorter limit', () => {
    expect(messageMaxLength(false)).toBe(1000);
    expect(messageMaxLength(true)).toBe(300);
  });
});

describe('remainingChars', () => {
  it('starts from the full limit', () => {
    expect(remainingChars('', false)).toBe(MESSAGE_MAX_LENGTH);
    expect(remainingChars('', true)).toBe(GUEST_MESSAGE_MAX_LENGTH);
  });

  it('subtracts the length in code points', () => {
    expect(remainingChars('hi 😀', false)).toBe(996);
    expect(remainingChars('hi 😀', true)).toBe(296);
  });

  it('is zero at the limit and negative past it', () => {
    expect(remainingChars('a'.repeat(300), true)).toBe(0);
    expect(remainingChars('😀'.repeat(301), true)).toBe(-1);
    expect(remainingChars('a'.repeat(1005), false)).toBe(-5);
  });
});

describe('findTypedMentions', () => {
  const anna = { id: 1, nick: 'Anna' };
  const ann = { id: 2, nick: 'Ann' };
  const annaMaria = { id: 3, nick: 'Anna Maria' };
  const olga = { id: 4, nick: 'Ольга' };
  const bob = { id: 5, nick: 'bob_99' };
  const dash = { id: 6, nick: 'Жан-Поль' };
  const members = [ann, anna, annaMaria, olga, bob, dash];
  const ids = (text: string, list = members) => findTypedMentions(text, list).map((m) => m.id);

  it('finds a nick typed as a whole word, ignoring case, Cyrillic included', () => {
    expect(ids('hi anna!')).toEqual([1]);
    expect(ids('ОЛЬГА, привет')).toEqual([4]);
    expect(ids('привет, ольга')).toEqual([4]);
    expect(ids('BOB_99 is here')).toEqual([5]);
  });

  it('takes a leading @ and punctuation around the nick', () => {
    expect(ids('@Anna look')).toEqual([1]);
    expect(ids('(@ольга)')).toEqual([4]);
    expect(ids('"Ann": yes')).toEqual([2]);
  });

  it('never finds a nick inside a longer word', () => {
    expect(ids('Annabel and Annie')).toEqual([]);
    expect(ids('Ольгаа')).toEqual([]);
    expect(ids('xbob_99')).toEqual([]);
    expect(ids('Ann-Mari')).toEqual([]);
  });

  it('lets the longest nick win, so Ann does not steal Anna nor Anna steal Anna Maria', () => {
    expect(ids('Anna, hi')).toEqual([1]);
    expect(ids('Anna Maria, hi')).toEqual([3]);
    expect(ids('anna   maria and ann')).toEqual([3, 2]);
    expect(ids('Anna, Maria')).toEqual([1]);
    expect(ids('Anna\nMaria')).toEqual([1]);
  });

  it('handles hyphenated nicks and width forms', () => {
    expect(ids('жан-поль, bonjour')).toEqual([6]);
    expect(ids('Ａｎｎａ')).toEqual([1]);
  });

  it('lists each member once, in the order the text names them', () => {
    expect(ids('Ольга anna ОЛЬГА Anna')).toEqual([4, 1]);
  });

  it('finds nobody in an empty text or an empty room', () => {
    expect(ids('')).toEqual([]);
    expect(ids('Anna', [])).toEqual([]);
    expect(ids('   ,,, @@')).toEqual([]);
  });

  it('keeps the members it was given (any extra fields come back)', () => {
    const found = findTypedMentions('hey Ольга', [{ id: 9, nick: 'Ольга', invisible: 0 }]);
    expect(found).toEqual([{ id: 9, nick: 'Ольга', invisible: 0 }]);
  });

  it('answers the same from an index built once, and skips whom it is told to', () => {
    const index = mentionIndex(members);
    expect(findTypedMentions('anna   maria and ann', index).map((m) => m.id)).toEqual([3, 2]);
    const notAnna = (m: { id: number }) => m.id === 1;
    expect(findTypedMentions('Anna and Ann', index, notAnna).map((m) => m.id)).toEqual([2]);
    // A skipped member gives way to another with the same nick, as a filtered list would.
    const twin = { id: 7, nick: 'ANNA' };
    const twins = mentionIndex([anna, twin]);
    expect(findTypedMentions('anna?', twins, notAnna).map((m) => m.id)).toEqual([7]);
    expect(findTypedMentions('anna?', twins).map((m) => m.id)).toEqual([1]);
  });
});

describe('mentionQueryAt', () => {
  it('finds the "@…" being typed at the caret, spaces of a nick included', () => {
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('Hi @ann', 7)).toEqual({ start: 3, query: 'ann' });
    expect(mentionQueryAt('Hi @Ann M', 9)).toEqual({ start: 3, query: 'Ann M' });
    expect(mentionQueryAt('(@Ан', 4)).toEqual({ start: 1, query: 'Ан' });
    // Only up to the caret: the rest of the word is not the query yet.
    expect(mentionQueryAt('@annie', 3)).toEqual({ start: 0, query: 'an' });
  });

  it('answers null when no nick is being typed', () => {
    expect(mentionQueryAt('hello', 5)).toBeNull();
    expect(mentionQueryAt('mail@host', 9)).toBeNull();
    expect(mentionQueryAt('@ ann', 5)).toBeNull();
    expect(mentionQueryAt('@ann\nhi', 7)).toBeNull();
    expect(mentionQueryAt('@ann, hi', 8)).toBeNull();
    expect(mentionQueryAt(`@${'a'.repeat(25)}`, 26)).toBeNull();
    expect(mentionQueryAt('@ann', 0)).toBeNull();
  });
});

describe('mentionSuggestions', () => {
  const people = ['Annabel', 'Bob', 'Mary Ann', 'anna', 'ＡＮＮ', 'Joanne'];
  const nickOf = (nick: string) => nick;

  it('puts nicks that begin with the query first, then nicks with a word that does', () => {
    expect(mentionSuggestions(people, 'ann', nickOf)).toEqual([
      'Annabel',
      'anna',
      'ＡＮＮ',
      'Mary Ann',
    ]);
    expect(mentionSuggestions(people, 'mary  a', nickOf)).toEqual(['Mary Ann']);
  });

  it('offers everyone for a bare "@", up to the limit', () => {
    expect(mentionSuggestions(people, '', nickOf, 3)).toEqual(['Annabel', 'Bob', 'Mary Ann']);
    expect(mentionSuggestions(people, 'zed', nickOf)).toEqual([]);
  });
});

describe('completeMention', () => {
  it('replaces the typed query with the whole nick and a space, the caret after it', () => {
    expect(completeMention('Hi @ann', 3, 7, 'Ann Marie')).toEqual({
      text: 'Hi @Ann Marie ',
      caret: 14,
    });
    expect(completeMention('@an and more', 0, 3, 'Anna')).toEqual({
      text: '@Anna and more',
      caret: 6,
    });
  });

  it('puts a nick the server finds as a mention, with spaces and hyphens', () => {
    const members = [
      { id: 1, nick: 'Ann Marie 7' },
      { id: 2, nick: 'Ann' },
      { id: 3, nick: 'x_-y' },
    ];
    const first = completeMention('Hi @an', 3, 6, 'Ann Marie 7');
    expect(findTypedMentions(`${first.text}welcome`, members).map((m) => m.id)).toEqual([1]);
    const second = completeMention('@x', 0, 2, 'x_-y');
    expect(findTypedMentions(`${second.text}hi`, members).map((m) => m.id)).toEqual([3]);
  });
});

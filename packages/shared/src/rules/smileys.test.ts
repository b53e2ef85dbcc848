import { describe, expect, it } from 'vitest';
import type { SmileyDictionary } from './smileys';
import { renderSmileysToHtml, tokenizeSmileys, usedSmileyTags } from './smileys';

const record: SmileyDictionary = {
  smile: { file: 'smile.gif' },
  a: { file: 'a.png' },
  b: { file: 'b.png' },
  cry_2: { file: 'cry2.gif' },
  улыбка: { file: 'ru.gif' },
};
const map: SmileyDictionary = new Map([
  ['smile', { file: 'smile.gif' }],
  ['a', { file: 'a.png' }],
]);
const url = (file: string) => `/smileys/${file}`;

describe('tokenizeSmileys', () => {
  it('returns no tokens for an empty string', () => {
    expect(tokenizeSmileys('', record)).toEqual([]);
  });

  it('returns one text token when there is no tag', () => {
    expect(tokenizeSmileys('hello', record)).toEqual([{ type: 'text', text: 'hello' }]);
  });

  it('splits text around a known tag', () => {
    expect(tokenizeSmileys('hi -smile- there', record)).toEqual([
      { type: 'text', text: 'hi ' },
      { type: 'smiley', tag: 'smile', file: 'smile.gif' },
      { type: 'text', text: ' there' },
    ]);
  });

  it('finds a tag that is the whole text', () => {
    expect(tokenizeSmileys('-smile-', record)).toEqual([
      { type: 'smiley', tag: 'smile', file: 'smile.gif' },
    ]);
  });

  it('works the same with a Map dictionary', () => {
    expect(tokenizeSmileys('x-a-', map)).toEqual([
      { type: 'text', text: 'x' },
      { type: 'smiley', tag: 'a', file: 'a.png' },
    ]);
  });

  it('accepts digits, underscores and Cyrillic letters in names', () => {
    expect(tokenizeSmileys('-cry_2--улыбка-', record)).toEqual([
      { type: 'smiley', tag: 'cry_2', file: 'cry2.gif' },
      { type: 'smiley', tag: 'улыбка', file: 'ru.gif' },
    ]);
  });

  it('finds adjacent tags that each have both hyphens', () => {
    expect(tokenizeSmileys('-a--b-', record)).toEqual([
      { type: 'smiley', tag: 'a', file: 'a.png' },
      { type: 'smiley', tag: 'b', file: 'b.png' },
    ]);
  });

  it('does not reuse the closing hyphen of a smiley as an opening one', () => {
    expect(tokenizeSmileys('-a-b-', record)).toEqual([
      { type: 'smiley', tag: 'a', file: 'a.png' },
      { type: 'text', text: 'b-' },
    ]);
  });

  it('lets the closing hyphen of an unknown name open the next tag', () => {
    expect(tokenizeSmileys('-nope-smile-', record)).toEqual([
      { type: 'text', text: '-nope' },
      { type: 'smiley', tag: 'smile', file: 'smile.gif' },
    ]);
  });

  it('finds a tag right after a stray hyphen', () => {
    expect(tokenizeSmileys('--smile-', record)).toEqual([
      { type: 'text', text: '-' },
      { type: 'smiley', tag: 'smile', file: 'smile.gif' },
    ]);
  });

  it('keeps unknown names as text', () => {
    expect(tokenizeSmileys('-unknown- and -Smile-', record)).toEqual([
      { type: 'text', text: '-unknown- and -Smile-' },
    ]);
  });

  it('keeps hyphenated words as text unless a part is a known name', () => {
    expect(tokenizeSmileys('x-y-z', record)).toEqual([{ type: 'text', text: 'x-y-z' }]);
    expect(tokenizeSmileys('a-b-c', record)).toEqual([
      { type: 'text', text: 'a' },
      { type: 'smiley', tag: 'b', file: 'b.png' },
      { type: 'text', text: 'c' },
    ]);
  });

  it('keeps lone and doubled hyphens as text', () => {
    expect(tokenizeSmileys('--', record)).toEqual([{ type: 'text', text: '--' }]);
    expect(tokenizeSmileys('---', record)).toEqual([{ type: 'text', text: '---' }]);
    expect(tokenizeSmileys('-', record)).toEqual([{ type: 'text', text: '-' }]);
    expect(tokenizeSmileys('smile-', record)).toEqual([{ type: 'text', text: 'smile-' }]);
  });

  it('does not accept spaces or punctuation inside a name', () => {
    expect(tokenizeSmileys('- smile -', record)).toEqual([{ type: 'text', text: '- smile -' }]);
    expect(tokenizeSmileys('-smi.le-', record)).toEqual([{ type: 'text', text: '-smi.le-' }]);
  });

  it('limits names to 32 characters', () => {
    const name32 = 'n'.repeat(32);
    const name33 = 'n'.repeat(33);
    const dict: SmileyDictionary = { [name32]: { file: '32.gif' }, [name33]: { file: '33.gif' } };
    expect(tokenizeSmileys(`-${name32}-`, dict)).toEqual([
      { type: 'smiley', tag: name32, file: '32.gif' },
    ]);
    expect(tokenizeSmileys(`-${name33}-`, dict)).toEqual([{ type: 'text', text: `-${name33}-` }]);
  });

  it('ignores prototype keys of a plain object dictionary', () => {
    const text = '-constructor- -__proto__- -toString- -hasOwnProperty-';
    expect(tokenizeSmileys(text, record)).toEqual([{ type: 'text', text }]);
    expect(tokenizeSmileys(text, map)).toEqual([{ type: 'text', text }]);
  });

  it('ignores entries a plain object dictionary inherits', () => {
    const dict = Object.create({ inherited: { file: 'x.gif' } }) as SmileyDictionary;
    expect(tokenizeSmileys('-inherited-', dict)).toEqual([{ type: 'text', text: '-inherited-' }]);
  });

  it('matches a prototype-looking name when it really is an own key', () => {
    const dict = JSON.parse(
      '{"__proto__": {"file": "proto.gif"}, "constructor": {"file": "c.gif"}}',
    ) as SmileyDictionary;
    expect(tokenizeSmileys('-__proto__--constructor-', dict)).toEqual([
      { type: 'smiley', tag: '__proto__', file: 'proto.gif' },
      { type: 'smiley', tag: 'constructor', file: 'c.gif' },
    ]);
  });

  it('ignores an entry without a file name', () => {
    const dict = JSON.parse('{"broken": {}, "nulled": null}') as SmileyDictionary;
    expect(tokenizeSmileys('-broken- -nulled-', dict)).toEqual([
      { type: 'text', text: '-broken- -nulled-' },
    ]);
  });

  it('passes hostile text through untouched as text tokens', () => {
    expect(tokenizeSmileys('<script>-smile-</script>', record)).toEqual([
      { type: 'text', text: '<script>' },
      { type: 'smiley', tag: 'smile', file: 'smile.gif' },
      { type: 'text', text: '</script>' },
    ]);
  });
});

describe('renderSmileysToHtml', () => {
  it('returns an empty string for an empty string', () => {
    expect(renderSmileysToHtml('', record, url)).toBe('');
  });

  it('renders a known tag as an image', () => {
    expect(renderSmileysToHtml('hi -smile-!', record, url)).toBe(
      'hi <img class="smiley" src="/smileys/smile.gif" alt="-smile-">!',
    );
  });

  it('escapes the text around the images', () => {
    expect(renderSmileysToHtml('<script>alert("-a-")</script>', record, url)).toBe(
      '&lt;script&gt;alert(&quot;<img class="smiley" src="/smileys/a.png" alt="-a-">&quot;)&lt;/script&gt;',
    );
  });

  it('escapes the image URL so a hostile file name cannot break out of the attribute', () => {
    const dict: SmileyDictionary = { evil: { file: '"><script>x</script>' } };
    expect(renderSmileysToHtml('-evil-', dict, url)).toBe(
      '<img class="smiley" src="/smileys/&quot;&gt;&lt;script&gt;x&lt;/script&gt;" alt="-evil-">',
    );
  });

  it('escapes unknown tags as plain text', () => {
    expect(renderSmileysToHtml('-constructor- & -x-', record, url)).toBe('-constructor- &amp; -x-');
  });

  it('renders adjacent tags', () => {
    expect(renderSmileysToHtml('-a--b-', record, url)).toBe(
      '<img class="smiley" src="/smileys/a.png" alt="-a-"><img class="smiley" src="/smileys/b.png" alt="-b-">',
    );
  });
});

describe('usedSmileyTags', () => {
  it('lists the known tags once each, the last used last', () => {
    expect(usedSmileyTags('-a- then -smile- and -a- again', record)).toEqual(['smile', 'a']);
  });

  it('leaves out unknown names and inherited keys, and finds a tag after an unknown one', () => {
    expect(usedSmileyTags('-nope-smile- -constructor- -__proto__-', record)).toEqual(['smile']);
  });

  it('finds nothing in text without tags', () => {
    expect(usedSmileyTags('a - b -- c', record)).toEqual([]);
    expect(usedSmileyTags('', new Map())).toEqual([]);
  });
});

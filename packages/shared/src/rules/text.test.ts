import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createRoomBody, postMessageBody, statusBody, updateRoomBody } from '../chat/wire';
import { sendCoinsBody, sendGiftBody } from '../economy/wire';
import { postImMessageBody } from '../im/wire';
import {
  banBody,
  complaintBody,
  complaintCommentBody,
  contentDecisionBody,
  queueDecisionBody,
  resolveBody,
} from '../moderation/wire';
import { myProfilePatchBody } from '../schemas/profile';
import { cleanText, textProblem } from './text';

const ZWSP = '\u200B';

describe('the text rule', () => {
  it('refuses control characters, bidi overrides and isolates, and fillers', () => {
    for (const text of ['a\u0000b', 'a\u0007', '\u007F', 'x\u0085y'])
      expect(textProblem(text)).toBe('control');
    for (const text of ['abc\u202Egnp.exe', '\u2066x\u2069', '\u202Ax\u202C', '\u202Dx'])
      expect(textProblem(text)).toBe('bidi_override');
    for (const text of ['admin\u3164', '\u3164\u3164', '\u115F', '\uFFA0', '\u2800'])
      expect(textProblem(text)).toBe('filler');
    for (const text of ['line\nbreak\r\n\ttab', 'Привет, мир', '👩‍💻 ❤️ 🏴󠁧󠁢󠁳󠁣󠁴󠁿', 'a\u200Bb'])
      expect(textProblem(text)).toBeNull();
  });

  it('drops zero-width and format characters, and NFC-normalizes', () => {
    expect(cleanText(`Gene${ZWSP}ral`)).toBe('General');
    expect(cleanText('\uFEFFhi\u00AD\u2060\u200E\u200F\u200C\u180E!')).toBe('hi!');
    expect(cleanText('a\u200Db')).toBe('ab');
    expect(cleanText('a\uFE0F')).toBe('a');
    // и + combining breve is й.
    expect(cleanText('\u0438\u0306')).toBe('\u0439');
  });

  it('keeps what emoji need: joiners between emoji, variation selectors, a flag’s tags', () => {
    const emoji = [
      '\u{1F469}\u200D\u{1F4BB}', // woman technologist
      '\u{1F468}\u200D\u2764\uFE0F\u200D\u{1F468}', // couple with heart
      '\u{1F3F3}\uFE0F\u200D\u{1F308}', // rainbow flag
      '\u{1F44D}\u{1F3FD}', // thumbs up, medium skin tone
      '\u2764\uFE0F', // red heart
      '1\uFE0F\u20E3', // keycap 1
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', // Scotland
    ];
    for (const one of emoji) expect(cleanText(one)).toBe(one);
    // A joiner beside a letter, or tags after anything but the black flag, go.
    expect(cleanText('a\u200D👍')).toBe('a👍');
    expect(cleanText('x\u{E0067}\u{E007F}')).toBe('x');
  });
});

/** Every free-text field of the wire schemas, with a valid body around it. */
const FIELDS: [string, z.ZodType, (text: string) => Record<string, unknown>, string][] = [
  ['room name (create)', createRoomBody, (t) => ({ name_ru: t, name_en: 'ok' }), 'name_ru'],
  ['room name (update)', updateRoomBody, (t) => ({ name_en: t }), 'name_en'],
  ['chat message', postMessageBody, (t) => ({ text: t, client_id: 'abcdefgh12' }), 'text'],
  ['private message', postImMessageBody, (t) => ({ text: t, client_id: 'abcdefgh12' }), 'text'],
  ['status', statusBody, (t) => ({ status: t }), 'status'],
  ['about', myProfilePatchBody, (t) => ({ about: t }), 'about'],
  [
    'complaint text',
    complaintBody,
    (t) => ({ target_type: 'message', target_id: 1, reason: 'spam', text: t }),
    'text',
  ],
  ['complaint comment', complaintCommentBody, (t) => ({ text: t }), 'text'],
  ['complaint resolution', resolveBody, (t) => ({ status: 'refused', comment: t }), 'comment'],
  [
    'ban comment',
    banBody,
    (t) => ({ user_id: 2, type: 'gag', period: '1h', reason: 'behavior', comment: t }),
    'comment',
  ],
  ['review comment', queueDecisionBody, (t) => ({ status: 'refused', comment: t }), 'comment'],
  [
    'content decision comment',
    contentDecisionBody,
    (t) => ({ subject_type: 'about', subject_id: 1, status: 'refused', comment: t }),
    'comment',
  ],
  [
    'gift text',
    sendGiftBody,
    (t) => ({ gift_id: 1, user_id: 2, text: t, request_id: 'abcdefgh12' }),
    'text',
  ],
  [
    'coins text',
    sendCoinsBody,
    (t) => ({ user_id: 2, amount: 5, text: t, request_id: 'abcdefgh12' }),
    'text',
  ],
];

describe.each(FIELDS)('%s goes through the text rule', (_name, schema, body, field) => {
  it('refuses NUL, a bidi override and a filler', () => {
    for (const bad of ['a\u0000b', 'abc\u202Edef', 'hi\u3164'])
      expect(schema.safeParse(body(bad)).success, JSON.stringify(bad)).toBe(false);
  });

  it('stores the text without zero-width characters, NFC', () => {
    const parsed = schema.safeParse(body(`Hel${ZWSP}lo \u0438\u0306`));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect((parsed.data as Record<string, unknown>)[field]).toBe('Hello \u0439');
  });
});

import { describe, expect, it } from 'vitest';
import { MESSAGE_TYPE } from '../constants';
import type { ChatMessage } from '../wire';
import { deepFreeze, makeMessage, makeMessageUser, makeMessages } from '../../test/chat-fixtures';
import type { IncomingMessageContext } from './incoming-message';
import {
  hiddenGuestMessageCount,
  incomingMessageVerdict,
  messageHiddenReason,
  shouldShowIncomingMessage,
} from './incoming-message';

const VIEWER = 100;
const TROLL = 7;
const IGNORED = 8;
const GUEST = 9;
const ROOM = 1;

function context(overrides: Partial<IncomingMessageContext> = {}): IncomingMessageContext {
  return {
    viewerId: VIEWER,
    rooms: new Map([[ROOM, { messages: makeMessages([1, 2, 3]) }]]),
    trolls: new Set([TROLL]),
    ignoredUsers: new Set([IGNORED]),
    settings: { show_trolls: false, show_guests: false },
    ...overrides,
  };
}

function from(userId: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  const roles = userId === GUEST ? ['guest'] : ['user'];
  return deepFreeze(
    makeMessage({
      id: 10,
      room_id: ROOM,
      user: makeMessageUser({ id: userId, roles }),
      ...overrides,
    }),
  );
}

describe('incomingMessageVerdict', () => {
  it('shows a new message from an ordinary user in a known room', () => {
    expect(incomingMessageVerdict(from(5), context())).toEqual({ show: true });
  });

  it('drops a message for a room the viewer is not in', () => {
    expect(incomingMessageVerdict(from(5, { room_id: 2 }), context())).toEqual({
      show: false,
      reason: 'unknown-room',
    });
  });

  it('drops a message whose id is already in the room', () => {
    expect(incomingMessageVerdict(from(5, { id: 2 }), context())).toEqual({
      show: false,
      reason: 'duplicate',
    });
  });

  it('checks for duplicates only in the message’s own room', () => {
    const rooms = new Map([
      [ROOM, { messages: makeMessages([1]) }],
      [2, { messages: makeMessages([10]) }],
    ]);
    expect(incomingMessageVerdict(from(5, { id: 10 }), context({ rooms }))).toEqual({
      show: true,
    });
  });

  it('hides a troll’s message', () => {
    expect(incomingMessageVerdict(from(TROLL), context())).toEqual({
      show: false,
      reason: 'troll',
    });
  });

  it('shows a troll’s message when show_trolls is on', () => {
    const ctx = context({ settings: { show_trolls: true, show_guests: false } });
    expect(incomingMessageVerdict(from(TROLL), ctx)).toEqual({ show: true });
  });

  it('shows a troll their own message', () => {
    expect(incomingMessageVerdict(from(TROLL), context({ viewerId: TROLL }))).toEqual({
      show: true,
    });
  });

  it('hides a regular message from an ignored user', () => {
    expect(incomingMessageVerdict(from(IGNORED), context())).toEqual({
      show: false,
      reason: 'ignored',
    });
  });

  it('still shows an ignored user’s actions and system notices', () => {
    const ctx = context();
    expect(incomingMessageVerdict(from(IGNORED, { type_id: MESSAGE_TYPE.action }), ctx)).toEqual({
      show: true,
    });
    expect(incomingMessageVerdict(from(IGNORED, { type_id: MESSAGE_TYPE.system }), ctx)).toEqual({
      show: true,
    });
  });

  it('hides a guest’s message when show_guests is off', () => {
    expect(incomingMessageVerdict(from(GUEST), context())).toEqual({
      show: false,
      reason: 'guest',
    });
  });

  it('shows a guest’s message when show_guests is on', () => {
    const ctx = context({ settings: { show_trolls: false, show_guests: true } });
    expect(incomingMessageVerdict(from(GUEST), ctx)).toEqual({ show: true });
  });

  it('shows a guest their own message', () => {
    expect(incomingMessageVerdict(from(GUEST), context({ viewerId: GUEST }))).toEqual({
      show: true,
    });
  });

  it('treats a signed-out viewer as the author of nothing', () => {
    expect(incomingMessageVerdict(from(GUEST), context({ viewerId: null }))).toEqual({
      show: false,
      reason: 'guest',
    });
  });

  it('reports the room checks before the viewer’s filters', () => {
    expect(incomingMessageVerdict(from(TROLL, { room_id: 2 }), context())).toEqual({
      show: false,
      reason: 'unknown-room',
    });
    expect(incomingMessageVerdict(from(TROLL, { id: 3 }), context())).toEqual({
      show: false,
      reason: 'duplicate',
    });
  });

  it('reports an ignored troll as a troll, then as ignored once trolls are shown', () => {
    const ctx = context({ ignoredUsers: new Set([TROLL]) });
    expect(incomingMessageVerdict(from(TROLL), ctx)).toEqual({ show: false, reason: 'troll' });
    const showTrolls = { ...ctx, settings: { show_trolls: true, show_guests: false } };
    expect(incomingMessageVerdict(from(TROLL), showTrolls)).toEqual({
      show: false,
      reason: 'ignored',
    });
  });

  it('hides a troll guest until both show_trolls and show_guests are on', () => {
    const ctx = context({ trolls: new Set([GUEST]) });
    const trollsOn = { ...ctx, settings: { show_trolls: true, show_guests: false } };
    const guestsOn = { ...ctx, settings: { show_trolls: false, show_guests: true } };
    const bothOn = { ...ctx, settings: { show_trolls: true, show_guests: true } };
    expect(incomingMessageVerdict(from(GUEST), ctx)).toEqual({ show: false, reason: 'troll' });
    expect(incomingMessageVerdict(from(GUEST), trollsOn)).toEqual({ show: false, reason: 'guest' });
    expect(incomingMessageVerdict(from(GUEST), guestsOn)).toEqual({ show: false, reason: 'troll' });
    expect(incomingMessageVerdict(from(GUEST), bothOn)).toEqual({ show: true });
  });

  it('shows a troll guest their own message with every filter off', () => {
    const ctx = context({ viewerId: GUEST, trolls: new Set([GUEST]) });
    expect(incomingMessageVerdict(from(GUEST), ctx)).toEqual({ show: true });
  });
});

describe('messageHiddenReason', () => {
  it('ignores the rooms, so messages already shown can be filtered again', () => {
    const ctx = context({ rooms: new Map() });
    expect(messageHiddenReason(from(5), ctx)).toBeNull();
    expect(messageHiddenReason(from(TROLL), ctx)).toBe('troll');
    expect(messageHiddenReason(from(IGNORED), ctx)).toBe('ignored');
    expect(messageHiddenReason(from(GUEST), ctx)).toBe('guest');
  });
});

describe('shouldShowIncomingMessage', () => {
  it('is the verdict as a boolean', () => {
    expect(shouldShowIncomingMessage(from(5), context())).toBe(true);
    expect(shouldShowIncomingMessage(from(TROLL), context())).toBe(false);
    expect(shouldShowIncomingMessage(from(5, { id: 1 }), context())).toBe(false);
  });
});

describe('a message that mentions the viewer', () => {
  const mentioning = (userId: number) =>
    from(userId, { nicks: [{ nick: 'Viewer', user_id: VIEWER }] });

  it('is shown from a guest while show_guests is off', () => {
    expect(messageHiddenReason(mentioning(GUEST), context())).toBeNull();
    expect(incomingMessageVerdict(mentioning(GUEST), context())).toEqual({ show: true });
  });

  it('is shown from a troll to staff who keep trolls hidden', () => {
    expect(messageHiddenReason(mentioning(TROLL), context())).toBeNull();
  });

  it('is still hidden from an ignored author: ignoring is the viewer’s own choice', () => {
    expect(messageHiddenReason(mentioning(IGNORED), context())).toBe('ignored');
  });

  it('mentioning someone else spares nothing', () => {
    const other = from(GUEST, { nicks: [{ nick: 'Other', user_id: 55 }] });
    expect(messageHiddenReason(other, context())).toBe('guest');
  });
});

describe('hiddenGuestMessageCount', () => {
  it('counts the guests’ messages that show_guests hides, not mentions, trolls or my own', () => {
    const ctx = context({ trolls: new Set([TROLL, GUEST + 1]) });
    const guestTroll = makeMessage({
      id: 20,
      room_id: ROOM,
      user: makeMessageUser({ id: GUEST + 1, roles: ['guest'] }),
    });
    const messages = [
      from(GUEST, { id: 11 }),
      from(GUEST, { id: 12 }),
      from(GUEST, { id: 13, nicks: [{ nick: 'Viewer', user_id: VIEWER }] }),
      from(5, { id: 14 }),
      guestTroll,
    ];
    expect(hiddenGuestMessageCount(messages, ctx)).toBe(2);
    expect(
      hiddenGuestMessageCount(messages, {
        ...ctx,
        settings: { show_trolls: false, show_guests: true },
      }),
    ).toBe(0);
  });
});

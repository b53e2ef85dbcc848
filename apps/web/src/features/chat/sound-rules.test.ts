import { DEFAULT_CHAT_SETTINGS, MESSAGE_TYPE } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { messageRings } from './sound-rules';
import {
  loadRooms,
  makeHarness,
  makeMessage,
  makeMessageUser,
  makeRoomDetail,
  ME,
} from '../../test/chat-store-kit';

const settings = DEFAULT_CHAT_SETTINGS;
const byMe = makeMessageUser({ id: ME.id });
const byOther = makeMessageUser({ id: 3 });
const mentioningMe = { nicks: [{ nick: ME.nick, user_id: ME.id }] };

describe('which chat messages ring', () => {
  it('a mention of me by someone else, and a site notice about me', () => {
    expect(messageRings(makeMessage({ user: byOther, ...mentioningMe }), ME.id, settings)).toBe(
      true,
    );
    expect(
      messageRings(makeMessage({ user: byMe, type_id: MESSAGE_TYPE.system }), ME.id, settings),
    ).toBe(true);
  });

  it('not my own words or /me actions, not others unmentioning me, not a guest-less viewer', () => {
    const quiet = [
      makeMessage({ user: byMe, ...mentioningMe }),
      makeMessage({ user: byMe, type_id: MESSAGE_TYPE.action, text: 'waves' }),
      makeMessage({ user: byOther }),
      makeMessage({ user: byOther, type_id: MESSAGE_TYPE.action }),
      makeMessage({ user: byOther, type_id: MESSAGE_TYPE.system }),
    ];
    for (const message of quiet) expect(messageRings(message, ME.id, settings)).toBe(false);
    expect(messageRings(makeMessage({ user: byOther, ...mentioningMe }), null, settings)).toBe(
      false,
    );
  });

  it('nothing when muted or with "sound on mentions" off', () => {
    const mention = makeMessage({ user: byOther, ...mentioningMe });
    expect(messageRings(mention, ME.id, { ...settings, mute: true })).toBe(false);
    expect(messageRings(mention, ME.id, { ...settings, notification_new_message: 0 })).toBe(false);
  });

  it('the store plays it once per ringing message that arrives live', async () => {
    const h = makeHarness();
    await loadRooms(h, [makeRoomDetail({ id: 1 })]);
    const store = h.store.getState();
    store.messageStored(makeMessage({ id: 2, user: byMe, type_id: MESSAGE_TYPE.action }));
    store.messageStored(makeMessage({ id: 3, user: byMe, type_id: MESSAGE_TYPE.system }));
    store.messageStored(makeMessage({ id: 4, user: byOther, ...mentioningMe }));
    expect(h.sounds).toHaveLength(2);
    store.hydrate({ settings: { ...settings, notification_new_message: 0 } });
    store.messageStored(makeMessage({ id: 5, user: byOther, ...mentioningMe }));
    expect(h.sounds).toHaveLength(2);
  });
});

describe('typing /me', () => {
  it('sends an action with the rest of the line as its text', async () => {
    const h = makeHarness();
    await loadRooms(h, [makeRoomDetail({ id: 1 })]);
    h.store.getState().sendMessage(1, '/me waves', []);
    await h.store.getState().flushOutbox();
    expect(h.api.sendMessage).toHaveBeenCalledWith(
      1,
      expect.objectContaining({ type_id: MESSAGE_TYPE.action, text: 'waves' }),
    );
    h.store.getState().sendMessage(1, 'hi /me', []);
    await h.store.getState().flushOutbox();
    const plain = h.api.sendMessage.mock.lastCall?.[1];
    expect(plain?.text).toBe('hi /me');
    expect(plain?.type_id ?? MESSAGE_TYPE.message).toBe(MESSAGE_TYPE.message);
  });
});

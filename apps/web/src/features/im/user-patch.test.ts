import { describe, expect, it } from 'vitest';
import { makeNick } from '../../../../../packages/shared/src/chat/rules/fixtures';
import { makeImChannel, makeImHarness, makeImMessage, makeImUser, ME, OTHER } from './im-test-kit';

describe('messenger store: a user restyled live', () => {
  it('restyles the channel with them, its preview and the messages they wrote', async () => {
    const h = makeImHarness();
    const last = makeImMessage({ id: 2 });
    h.api.channels.mockResolvedValue({
      data: [
        makeImChannel({ id: 1, last_message: last }),
        makeImChannel({ id: 2, user: makeImUser(300) }),
      ],
      hasMore: false,
    });
    await h.store.getState().loadChannels();
    h.api.messages.mockResolvedValueOnce({
      data: [makeImMessage({ id: 1, user: makeImUser(ME) }), last],
      hasMore: false,
    });
    await h.store.getState().loadChannel(1);
    const before = h.store.getState();

    h.store.getState().userPatched(OTHER, { nick: makeNick('Renamed'), avatar: '/storage/a.webp' });
    const after = h.store.getState();
    expect(after.channels[1]?.user.nick.nick).toBe('Renamed');
    expect(after.channels[1]?.user.avatar).toBe('/storage/a.webp');
    expect(after.channels[1]?.last_message?.user.nick.nick).toBe('Renamed');
    expect(after.messages[1]?.[1]?.user.nick.nick).toBe('Renamed');
    // My own message and the other channel stay the same objects (no redraw).
    expect(after.messages[1]?.[0]).toBe(before.messages[1]?.[0]);
    expect(after.channels[2]).toBe(before.channels[2]);
  });

  it('an update about someone the messenger does not show changes nothing', async () => {
    const h = makeImHarness();
    h.api.channels.mockResolvedValue({ data: [makeImChannel({ id: 1 })], hasMore: false });
    await h.store.getState().loadChannels();
    const before = h.store.getState();
    h.store.getState().userPatched(999, { frame: '/assets/frames/gold.png' });
    expect(h.store.getState().channels).toBe(before.channels);
    expect(h.store.getState().messages).toBe(before.messages);
  });
});

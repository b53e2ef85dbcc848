import type { ImChannel, ImMessage } from '@chat/shared';
import type { ImPage } from './api';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { deferred, flushPromises } from '../../test/chat-store-kit';
import {
  makeImChannel,
  makeImHarness,
  makeImMessage,
  makeImUser,
  ME,
  OTHER,
  type ImHarness,
} from '../../test/im-kit';
import { orderChannels } from './transitions';

const mine = (id: number, clientId: string | null = null, text = `mine ${id}`) =>
  makeImMessage({ id, text, client_id: clientId, user: makeImUser(ME) });
const ids = (h: ImHarness, channelId = 1) =>
  (h.store.getState().messages[channelId] ?? []).map((m) => m.id);

async function withHistory(messages: ImMessage[], hasMore = false): Promise<ImHarness> {
  const h = makeImHarness();
  h.api.channels.mockResolvedValue({ data: [makeImChannel({ id: 1 })], hasMore: false });
  await h.store.getState().loadChannels();
  h.api.messages.mockResolvedValueOnce({ data: messages, hasMore });
  await h.store.getState().loadChannel(1);
  return h;
}

describe('messenger store: channels', () => {
  it('orders channels by latest activity and moves one up when a message arrives', async () => {
    const h = makeImHarness();
    h.api.channels.mockResolvedValue({
      data: [
        makeImChannel({ id: 1, updated_at: '2024-05-01T10:00:00.000Z', user: makeImUser(201) }),
        makeImChannel({ id: 2, updated_at: '2024-05-01T11:00:00.000Z', user: makeImUser(202) }),
        makeImChannel({ id: 3, updated_at: '2024-05-01T09:00:00.000Z', user: makeImUser(203) }),
      ],
      hasMore: false,
    });
    await h.store.getState().loadChannels();
    expect(orderChannels(h.store.getState().channels).map((c) => c.id)).toEqual([2, 1, 3]);
    h.store.getState().messageStored(
      makeImMessage({
        id: 50,
        channel_id: 3,
        user: makeImUser(203),
        created_at: '2024-05-01T12:00:00.000Z',
      }),
    );
    expect(orderChannels(h.store.getState().channels).map((c) => c.id)).toEqual([3, 2, 1]);
    expect(h.store.getState().channels[3]?.last_message?.id).toBe(50);
  });

  it('takes the unread totals from the count events and the channel events', () => {
    const h = makeImHarness();
    h.store.getState().hydrateCount(4);
    h.store.getState().channelStored(makeImChannel({ id: 1, new_messages: 2 }));
    h.store.getState().countUpdated({ im_unread_count: 5, channel_id: 1, new_messages: 3 });
    expect(h.store.getState().unreadTotal).toBe(5);
    expect(h.store.getState().channels[1]?.new_messages).toBe(3);
  });
});

describe('messenger store: further pages of channels', () => {
  const at = (hour: number) => `2024-05-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
  const order = (h: ImHarness) => orderChannels(h.store.getState().channels).map((c) => c.id);

  it('merges page 2 by id with a live update that moved a channel meanwhile', async () => {
    const h = makeImHarness();
    h.api.channels.mockResolvedValueOnce({
      data: [
        makeImChannel({ id: 1, updated_at: at(11) }),
        makeImChannel({ id: 2, updated_at: at(10) }),
      ],
      hasMore: true,
    });
    await h.store.getState().loadChannels();
    expect(h.store.getState().channelsHasMore).toBe(true);
    const page2 = deferred<ImPage<ImChannel>>();
    h.api.channels.mockReturnValueOnce(page2.promise);
    const loading = h.store.getState().loadMoreChannels();
    expect(h.store.getState().channelsMore).toBe('loading');
    // While page 2 travels, a message moves channel 3 (of page 2) to the top.
    h.store.getState().channelStored(makeImChannel({ id: 3, updated_at: at(12), new_messages: 1 }));
    page2.resolve({
      data: [
        makeImChannel({ id: 3, updated_at: at(9) }),
        makeImChannel({ id: 4, updated_at: at(8) }),
      ],
      hasMore: true,
    });
    await loading;
    expect(h.api.channels).toHaveBeenLastCalledWith(2);
    expect(order(h)).toEqual([3, 1, 2, 4]);
    expect(h.store.getState().channels[3]?.new_messages).toBe(1);
    expect(h.store.getState().channelsPage).toBe(2);
    expect(h.store.getState().channelsMore).toBe('idle');
  });

  it('stops at the last page, and a failed page can be asked for again', async () => {
    const h = makeImHarness();
    h.api.channels.mockResolvedValueOnce({
      data: [makeImChannel({ id: 1, updated_at: at(11) })],
      hasMore: true,
    });
    await h.store.getState().loadChannels();
    h.api.channels.mockRejectedValueOnce(new ApiError(500, 'Server error'));
    await h.store.getState().loadMoreChannels();
    expect(h.store.getState().channelsMore).toBe('error');
    expect(h.store.getState().channelsPage).toBe(1);
    h.api.channels.mockResolvedValueOnce({
      data: [makeImChannel({ id: 2, updated_at: at(10) })],
      hasMore: false,
    });
    await h.store.getState().loadMoreChannels();
    expect(h.api.channels).toHaveBeenLastCalledWith(2);
    expect(order(h)).toEqual([1, 2]);
    expect(h.store.getState().channelsHasMore).toBe(false);
    await h.store.getState().loadMoreChannels();
    expect(h.api.channels).toHaveBeenCalledTimes(3);
    // A reconnect reads page 1 again; the pages already read and the end stay as they were.
    h.api.channels.mockResolvedValueOnce({
      data: [makeImChannel({ id: 1, updated_at: at(11) })],
      hasMore: true,
    });
    await h.store.getState().loadChannels();
    expect(h.store.getState().channelsPage).toBe(2);
    expect(h.store.getState().channelsHasMore).toBe(false);
  });
});

describe('messenger store: history', () => {
  it('merges pages by id, oldest first, and stops at the last page', async () => {
    const h = await withHistory([makeImMessage({ id: 12 }), makeImMessage({ id: 11 })], true);
    expect(ids(h)).toEqual([11, 12]);
    expect(h.store.getState().history[1]?.hasOlder).toBe(true);
    // Page 2 overlaps page 1 (a message arrived meanwhile): nothing is doubled.
    h.api.messages.mockResolvedValueOnce({
      data: [makeImMessage({ id: 9 }), makeImMessage({ id: 10 }), makeImMessage({ id: 11 })],
      hasMore: false,
    });
    await h.store.getState().loadOlder(1);
    expect(h.api.messages).toHaveBeenLastCalledWith(1, 2);
    expect(ids(h)).toEqual([9, 10, 11, 12]);
    expect(h.store.getState().history[1]?.hasOlder).toBe(false);
    await h.store.getState().loadOlder(1);
    expect(h.api.messages).toHaveBeenCalledTimes(2);
  });

  it('shows a channel that is not mine as not found', async () => {
    const h = makeImHarness();
    h.api.messages.mockRejectedValueOnce(new ApiError(404, 'Not found'));
    await h.store.getState().loadChannel(9);
    expect(h.store.getState().history[9]?.status).toBe('not-found');
  });

  it('keeps one copy of a message the socket brings twice, and replaces deleted/restored', async () => {
    const h = await withHistory([makeImMessage({ id: 1 })]);
    const next = makeImMessage({ id: 2 });
    h.store.getState().messageStored(next);
    h.store.getState().messageStored(next);
    expect(ids(h)).toEqual([1, 2]);
    h.store.getState().messageDeleted({ ...next, deleted: 1, text: '' });
    expect(h.store.getState().messages[1]?.[1]).toMatchObject({ deleted: 1, text: '' });
    expect(h.store.getState().channels[1]?.last_message?.deleted).toBe(1);
    h.store.getState().messageRestored(next);
    expect(h.store.getState().messages[1]?.[1]).toMatchObject({ deleted: 0, text: 'message 2' });
  });

  it('marks my messages read up to the reader’s last id', async () => {
    const h = await withHistory([mine(1), mine(2), mine(3)]);
    h.store
      .getState()
      .messagesRead({ channel_id: 1, reader_id: OTHER, last_read_id: 2, read_at: 'T' });
    expect(h.store.getState().messages[1]?.map((m) => m.read_at)).toEqual(['T', 'T', null]);
  });
});

describe('messenger store: outbox', () => {
  it('sends with a client_id; the socket copy and the answer make one message', async () => {
    const h = await withHistory([]);
    const answer = deferred<{ message: ImMessage; replay: boolean }>();
    h.api.send.mockReturnValueOnce(answer.promise);
    h.store.getState().send(1, 'hello');
    expect(h.api.send).toHaveBeenCalledWith(1, {
      text: 'hello',
      client_id: 'client-0001',
      attachments: [],
    });
    h.store.getState().messageStored(mine(5, 'client-0001', 'hello'));
    expect(h.store.getState().pending[1]).toEqual([]);
    answer.resolve({ message: mine(5, 'client-0001', 'hello'), replay: false });
    await flushPromises();
    expect(ids(h)).toEqual([5]);
  });

  it('queues while offline, sends in order on reconnect, and a retry keeps the client_id', async () => {
    const h = await withHistory([]);
    h.connected.value = false;
    h.store.getState().send(1, 'one');
    h.store.getState().send(1, 'two');
    expect(h.store.getState().pending[1]?.map((p) => p.state)).toEqual(['queued', 'queued']);
    expect(h.api.send).not.toHaveBeenCalled();
    h.connected.value = true;
    h.api.send
      .mockRejectedValueOnce(new ApiError(0, 'network'))
      .mockResolvedValueOnce({ message: mine(7, 'client-0001', 'one'), replay: true })
      .mockResolvedValueOnce({ message: mine(8, 'client-0002', 'two'), replay: false });
    await h.store.getState().flushOutbox();
    // The network went again during the first: it waits, nothing overtakes it.
    expect(h.store.getState().pending[1]?.map((p) => p.state)).toEqual(['queued', 'queued']);
    h.runTimers();
    await flushPromises();
    await h.store.getState().flushOutbox();
    expect(h.api.send.mock.calls.map((c) => c[1].client_id)).toEqual([
      'client-0001',
      'client-0001',
      'client-0002',
    ]);
    expect(ids(h)).toEqual([7, 8]);
    expect(h.store.getState().pending[1]).toEqual([]);
  });

  it('shows a refused message as failed and sends it again with the same client_id', async () => {
    const h = await withHistory([]);
    h.api.send.mockRejectedValueOnce(new ApiError(403, 'You are ignored'));
    h.store.getState().send(1, 'hey');
    await flushPromises();
    expect(h.store.getState().pending[1]?.[0]).toMatchObject({
      state: 'failed',
      error: 'You are ignored',
    });
    h.api.send.mockResolvedValueOnce({ message: mine(3, 'client-0001', 'hey'), replay: false });
    h.store.getState().retry('client-0001');
    await flushPromises();
    expect(h.api.send.mock.calls.map((c) => c[1].client_id)).toEqual([
      'client-0001',
      'client-0001',
    ]);
    expect(ids(h)).toEqual([3]);
  });
});

describe('messenger store: reconnect, reading, sound', () => {
  it('fetches what each open conversation missed after its last id, page after page', async () => {
    const h = await withHistory([makeImMessage({ id: 1 })]);
    h.api.messagesAfter
      .mockResolvedValueOnce({
        data: [makeImMessage({ id: 2 }), mine(3, 'client-x')],
        hasMore: true,
      })
      .mockResolvedValueOnce({ data: [makeImMessage({ id: 4 })], hasMore: false });
    await h.store.getState().resync();
    expect(h.api.messagesAfter.mock.calls).toEqual([
      [1, 1],
      [1, 3],
    ]);
    expect(ids(h)).toEqual([1, 2, 3, 4]);
    expect(h.api.channels).toHaveBeenCalledTimes(2);
  });

  it('marks the open conversation read (debounced) and plays no sound while reading it', async () => {
    const h = await withHistory([]);
    h.store.getState().setActive(1);
    h.store.getState().countUpdated({ im_unread_count: 2, channel_id: 1, new_messages: 2 });
    h.store.getState().messageStored(makeImMessage({ id: 3 }));
    h.runTimers();
    expect(h.api.read).toHaveBeenCalledTimes(1);
    expect(h.store.getState().channels[1]?.new_messages).toBe(0);
    expect(h.store.getState().unreadTotal).toBe(0);
    expect(h.sounds).toEqual([]);
  });

  it('rings for someone else’s message elsewhere, never for mine', async () => {
    const h = await withHistory([]);
    h.store.getState().messageStored(mine(4, 'c'));
    expect(h.sounds).toEqual([]);
    h.store.getState().messageStored(makeImMessage({ id: 5 }));
    expect(h.sounds).toHaveLength(1);
    // Open and looked at: silent. Open in a visible but unfocused window: it rings.
    h.store.getState().setActive(1);
    h.store.getState().messageStored(makeImMessage({ id: 6 }));
    expect(h.sounds).toHaveLength(1);
    h.focused.value = false;
    h.store.getState().messageStored(makeImMessage({ id: 7 }));
    expect(h.sounds).toHaveLength(2);
  });
});

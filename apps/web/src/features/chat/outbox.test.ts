import { CLIENT_ID_PATTERN, type ChatMessage } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import {
  deferred,
  flushPromises,
  idsOf,
  loadRooms,
  makeHarness,
  makeMessage,
  makeMessageUser,
  makeRoomDetail,
  ME,
  type Harness,
} from '../../test/chat-store-kit';
import { makeClientId } from './outbox';

const mine = (id: number, clientId: string, text = 'hi') =>
  makeMessage({ id, text, client_id: clientId, user: makeMessageUser({ id: ME.id }) });

async function inRoom(connected = true): Promise<Harness> {
  const h = makeHarness({ connected });
  await loadRooms(h, [makeRoomDetail({ id: 1, messages: [makeMessage({ id: 10 })] })]);
  return h;
}

const pendingOf = (h: Harness) => h.store.getState().pending[1] ?? [];

describe('client ids', () => {
  it('match the server pattern, from randomUUID or from random bytes alone', () => {
    expect(makeClientId()).toMatch(CLIENT_ID_PATTERN);
    const bytesOnly = { getRandomValues: crypto.getRandomValues.bind(crypto) } as Crypto;
    const id = makeClientId(bytesOnly);
    expect(id).toMatch(CLIENT_ID_PATTERN);
    expect(id).toHaveLength(22);
    expect(makeClientId()).not.toBe(makeClientId());
  });
});

describe('outbox', () => {
  it('sends at once when connected; the server message replaces the pending one', async () => {
    const h = await inRoom();
    const answer = deferred<{ message: ChatMessage; replay: boolean }>();
    h.api.sendMessage.mockReturnValueOnce(answer.promise);
    h.store.getState().sendMessage(1, 'hello all', [3]);
    expect(h.api.sendMessage).toHaveBeenCalledWith(1, {
      text: 'hello all',
      client_id: 'client-0001',
      mentions: [3],
    });
    expect(pendingOf(h)).toEqual([
      expect.objectContaining({ client_id: 'client-0001', state: 'sending', text: 'hello all' }),
    ]);
    answer.resolve({ message: mine(11, 'client-0001', 'hello all'), replay: false });
    await flushPromises();
    expect(pendingOf(h)).toEqual([]);
    expect(idsOf(h, 1)).toEqual([10, 11]);
  });

  it('keeps one copy when the socket brings my message before the answer does', async () => {
    const h = await inRoom();
    const answer = deferred<{ message: ChatMessage; replay: boolean }>();
    h.api.sendMessage.mockReturnValueOnce(answer.promise);
    h.store.getState().sendMessage(1, 'hi', []);
    h.store.getState().messageStored(mine(11, 'client-0001'));
    expect(pendingOf(h)).toEqual([]);
    answer.resolve({ message: mine(11, 'client-0001'), replay: false });
    await flushPromises();
    expect(idsOf(h, 1)).toEqual([10, 11]);
  });

  it('queues what is typed while disconnected and sends it in order when the connection returns', async () => {
    const h = await inRoom(false);
    h.store.getState().sendMessage(1, 'one', []);
    h.store.getState().sendMessage(1, 'two', []);
    h.store.getState().sendMessage(1, 'three', []);
    expect(h.api.sendMessage).not.toHaveBeenCalled();
    expect(pendingOf(h).map((p) => [p.text, p.state])).toEqual([
      ['one', 'queued'],
      ['two', 'queued'],
      ['three', 'queued'],
    ]);
    let id = 20;
    h.api.sendMessage.mockImplementation(async (_room, body) => ({
      message: mine(++id, body.client_id, body.text),
      replay: false,
    }));
    h.realtime.connected = true;
    await h.store.getState().flushOutbox();
    expect(h.api.sendMessage.mock.calls.map(([, body]) => body.text)).toEqual([
      'one',
      'two',
      'three',
    ]);
    expect(pendingOf(h)).toEqual([]);
    expect(idsOf(h, 1)).toEqual([10, 21, 22, 23]);
  });

  it('does not send again a message whose lost answer the socket made up for', async () => {
    const h = await inRoom();
    h.api.sendMessage.mockRejectedValueOnce(new ApiError(0, 'Error.'));
    h.store.getState().sendMessage(1, 'hi', []);
    await flushPromises();
    expect(pendingOf(h)).toEqual([expect.objectContaining({ state: 'queued', error: null })]);
    // The first try did reach the server: the socket brought it to this tab.
    h.store.getState().messageStored(mine(11, 'client-0001'));
    await h.store.getState().flushOutbox();
    expect(h.api.sendMessage).toHaveBeenCalledTimes(1);
    expect(idsOf(h, 1)).toEqual([10, 11]);
    expect(pendingOf(h)).toEqual([]);
  });

  it('replays a queued message on reconnect; the 200 answer merges with no double', async () => {
    const h = await inRoom();
    h.api.sendMessage.mockRejectedValueOnce(new ApiError(0, 'Error.'));
    h.store.getState().sendMessage(1, 'hi', []);
    await flushPromises();
    // While the socket still says connected, the outbox tries again a little later by itself.
    expect(h.timers).toHaveLength(1);
    h.realtime.connected = false;
    h.timers[0]?.();
    await flushPromises();
    expect(h.api.sendMessage).toHaveBeenCalledTimes(1);

    h.realtime.connected = true;
    h.api.sendMessage.mockResolvedValueOnce({ message: mine(11, 'client-0001'), replay: true });
    await h.store.getState().flushOutbox();
    expect(h.api.sendMessage).toHaveBeenCalledTimes(2);
    expect(h.api.sendMessage.mock.calls[1]?.[1].client_id).toBe('client-0001');
    expect(idsOf(h, 1)).toEqual([10, 11]);
  });

  it('marks a refused message failed with the server message; retry sends it again', async () => {
    const h = await inRoom();
    h.api.sendMessage.mockRejectedValueOnce(
      new ApiError(422, 'You already said that.', 'validation', { text: ['message.repeated'] }),
    );
    h.store.getState().sendMessage(1, 'hi', []);
    await flushPromises();
    expect(pendingOf(h)).toEqual([
      expect.objectContaining({ state: 'failed', error: 'You already said that.' }),
    ]);
    expect(h.timers).toEqual([]);

    h.store.getState().retryMessage('client-0001');
    await flushPromises();
    expect(h.api.sendMessage).toHaveBeenCalledTimes(2);
    expect(pendingOf(h)).toEqual([]);
  });

  it('keeps a message refused as too fast waiting (not failed) and sends it after the pause', async () => {
    const h = await inRoom();
    h.api.sendMessage.mockRejectedValueOnce(new ApiError(429, 'Too fast'));
    h.store.getState().sendMessage(1, 'one', []);
    h.store.getState().sendMessage(1, 'two', []);
    await flushPromises();
    expect(pendingOf(h).map((p) => p.state)).toEqual(['waiting', 'waiting']);
    expect(h.api.sendMessage).toHaveBeenCalledTimes(1);
    h.api.sendMessage
      .mockResolvedValueOnce({ message: mine(11, 'client-0001', 'one'), replay: false })
      .mockResolvedValueOnce({ message: mine(12, 'client-0002', 'two'), replay: false });
    h.clock.now += 5000;
    h.timers.shift()?.();
    await flushPromises();
    expect(h.api.sendMessage.mock.calls.map(([, body]) => body.client_id)).toEqual([
      'client-0001',
      'client-0001',
      'client-0002',
    ]);
    expect(idsOf(h, 1)).toEqual([10, 11, 12]);
    expect(pendingOf(h)).toEqual([]);
  });

  it('discards a failed message, and ignores empty text or a room I am not in', async () => {
    const h = await inRoom();
    h.api.sendMessage.mockRejectedValueOnce(new ApiError(403, 'Gagged', 'gagged'));
    h.store.getState().sendMessage(1, 'hi', []);
    await flushPromises();
    h.store.getState().discardMessage('client-0001');
    h.store.getState().sendMessage(1, '   ', []);
    h.store.getState().sendMessage(42, 'hi', []);
    expect(h.store.getState().pending).toEqual({ 1: [] });
    expect(h.api.sendMessage).toHaveBeenCalledTimes(1);
  });
});

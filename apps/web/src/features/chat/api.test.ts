import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api-client';
import { translate } from '../../i18n/i18n';
import { createChatApi } from './api';

function setup(status = 200, body: unknown = { data: [] }) {
  const fetchMock = vi.fn<typeof fetch>(
    async () => new Response(status === 204 ? null : JSON.stringify(body), { status }),
  );
  const toasts: string[] = [];
  const client = createApiClient({
    fetch: fetchMock,
    getLocale: () => 'en',
    getCookie: () => null,
    onBuildKey: () => undefined,
    toast: (text) => toasts.push(text),
    translate,
    now: () => 0,
  });
  const call = (i = 0) => {
    const [url, init] = fetchMock.mock.calls[i] ?? [];
    return { url, method: init?.method, body: init?.body };
  };
  return { chat: createChatApi(client), call, toasts, fetchMock };
}

describe('chat api', () => {
  it('uses the paths and bodies of the contract', async () => {
    const { chat, call } = setup(204);
    await chat.leaveRoom(3);
    await chat.sortRooms({ 5: 1, 3: 2 });
    await chat.setRoomState(3, 2);
    await chat.deleteForEveryone(9);
    await chat.removeReaction(9, 'fire');
    await chat.removeQuote(9);
    await chat.setTroll(4, true);
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => call(i))).toEqual([
      { url: '/api/room/3/leave', method: 'POST', body: undefined },
      { url: '/api/room/sort', method: 'POST', body: '{"room":{"3":2,"5":1}}' },
      { url: '/api/room/3/state', method: 'POST', body: '{"state_id":2}' },
      { url: '/api/chat/message/delete_from_everyone/9', method: 'DELETE', body: undefined },
      { url: '/api/chat/message/9/reactions/fire', method: 'DELETE', body: undefined },
      { url: '/api/quote/9', method: 'DELETE', body: undefined },
      { url: '/api/moderation/trolls/4', method: 'POST', body: undefined },
    ]);
  });

  it("asks a message's edits, and leaves their failure to the dialog (no toast)", async () => {
    const edit = { text: 'first', written_at: 'a', replaced_at: 'b' };
    const ok = setup(200, { data: [edit] });
    expect(await ok.chat.messageEdits(9)).toEqual([edit]);
    expect(ok.call().url).toBe('/api/chat/message/9/edits');
    const refused = setup(403, { message: 'Not for you.', code: 'forbidden' });
    await expect(refused.chat.messageEdits(9)).rejects.toThrow('Not for you.');
    expect(refused.toasts).toEqual([]);
  });

  it('pages history with before= and after=', async () => {
    const { chat, call } = setup();
    await chat.messagesBefore(2, 100);
    await chat.messagesAfter(2, 140);
    await chat.latestMessages(2);
    expect([call(0).url, call(1).url, call(2).url]).toEqual([
      '/api/room/2/messages?before=100',
      '/api/room/2/messages?after=140',
      '/api/room/2/messages',
    ]);
  });

  it('tells a first send (201) from a replay (200), and toasts no lost network or 422', async () => {
    const message = { id: 5 };
    const first = setup(201, { data: message });
    const body = { text: 'hi', client_id: 'abcdefgh12', mentions: [3] };
    expect(await first.chat.sendMessage(1, body)).toEqual({ message, replay: false });
    expect(first.call().body).toBe(JSON.stringify(body));
    const again = setup(200, { data: message });
    expect(await again.chat.sendMessage(1, body)).toEqual({ message, replay: true });

    const refused = setup(422, { message: 'Repeated', errors: { text: ['message.repeated'] } });
    await expect(refused.chat.sendMessage(1, body)).rejects.toThrow('Repeated');
    const offline = setup();
    offline.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(offline.chat.sendMessage(1, body)).rejects.toMatchObject({ status: 0 });
    expect([...refused.toasts, ...offline.toasts]).toEqual([]);
  });

  it('says "Failed to enter the room." for a room that is not there or not open to me', async () => {
    const missing = setup(404, { message: 'Not found.' });
    await expect(missing.chat.enterRoom(77)).rejects.toMatchObject({ status: 404 });
    expect(missing.toasts).toEqual(['Failed to enter the room.']);
    const busy = setup(429, { message: 'Too fast' });
    await expect(busy.chat.enterRoom(77)).rejects.toMatchObject({ status: 429 });
    expect(busy.toasts[0]).toMatch(/^Too fast/);
  });
});

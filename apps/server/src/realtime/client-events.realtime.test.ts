/**
 * Issue 19 point 4: client events only where the app uses them. A guest's `client-*` on
 * `private-chat` (which every signed-in person hears) is refused and reaches nobody; on a room's
 * presence channel only `client-typing` of its known shape and size is relayed.
 */
import { CHAT_CHANNEL, roomChannel } from '@chat/shared';
import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildRoom, memberOf } from '../test/chat-fixtures';
import { buildUser, signedIn } from '../test/factories';
import {
  collect,
  connected,
  listen,
  pusherClient,
  sleep,
  subscribed,
  waitUntil,
} from '../test/pusher-clients';

type Trigger = { trigger(event: string, data: unknown): boolean };
type ErrorEvent = { type?: string; data?: { code?: number | null; message?: string } };

let t: TestApp;
let port: number;
const clients: Pusher[] = [];

beforeAll(async () => {
  t = await buildTestApp('sqlite');
  ({ port } = await listen(t.app));
});
afterEach(() => {
  clients.splice(0).forEach((c) => c.disconnect());
});
afterAll(async () => t.close());

async function client(token: string): Promise<Pusher> {
  const pusher = pusherClient(t.app.deps.config.secrets.pusherKey, port, token);
  clients.push(pusher);
  await connected(pusher);
  return pusher;
}

describe('client events', () => {
  it('refuses a guest’s client event on private-chat, and nobody hears it', async () => {
    const guest = await signedIn(t.app, await buildUser(t.app, { role: 'guest' }));
    const listener = await signedIn(t.app, await buildUser(t.app));
    const guestTab = await client(guest.token);
    const listenerTab = await client(listener.token);
    const guestChat = await subscribed(guestTab, CHAT_CHANNEL);
    const listenerChat = await subscribed(listenerTab, CHAT_CHANNEL);
    const heard = [
      collect(listenerChat, 'client-flood'),
      collect(listenerChat, 'client-typing'),
      collect(guestChat, 'client-flood'),
    ];
    const errors = collect<ErrorEvent>(guestTab.connection, 'error');

    for (let i = 0; i < 5; i++)
      (guestChat as unknown as Trigger).trigger('client-flood', { blob: 'x'.repeat(4000) });
    (guestChat as unknown as Trigger).trigger('client-typing', { typing: true });
    await waitUntil(() => errors.length >= 6);
    await sleep(200);
    expect(heard.map((list) => list.length)).toEqual([0, 0, 0]);
    expect(errors[0]!.data?.message).toMatch(/no such client event/);
  });

  it('relays client-typing in a room only with its shape and size, rebuilt by the server', async () => {
    const room = await buildRoom(t.app);
    const typist = await memberOf(t.app, room.id);
    const other = await memberOf(t.app, room.id);
    const typistTab = await client(typist.token);
    const typistRoom = await subscribed(typistTab, roomChannel(room.id));
    const otherRoom = await subscribed(await client(other.token), roomChannel(room.id));
    const heard = collect<Record<string, unknown>>(otherRoom, 'client-typing');
    const other_ = collect(otherRoom, 'client-other');
    const errors = collect<ErrorEvent>(typistTab.connection, 'error');
    const send = (event: string, data: unknown) =>
      (typistRoom as unknown as Trigger).trigger(event, data);

    send('client-typing', { typing: true, pad: 'x'.repeat(11 * 1024) }); // too large
    send('client-typing', { typing: 'yes' }); // wrong shape
    send('client-typing', 'typing'); // not an object
    send('client-other', { typing: true }); // an event the room does not take
    await waitUntil(() => errors.length >= 4);
    await sleep(200);
    expect(heard).toEqual([]);
    expect(other_).toEqual([]);
    expect(errors.map((e) => e.data?.message)).toEqual([
      'Client event data too large',
      'Client event data of the wrong shape',
      'Client event data of the wrong shape',
      'This channel takes no such client event',
    ]);

    // The right shape passes, with only what the server puts in it.
    send('client-typing', { typing: true, user_id: 1, nick: 'admin', html: '<b>x</b>' });
    await waitUntil(() => heard.length === 1);
    expect(heard[0]).toEqual({ user_id: typist.user.id, nick: typist.user.nick, typing: true });
  });
});

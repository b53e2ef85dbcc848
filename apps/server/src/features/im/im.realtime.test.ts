/**
 * Private messages over the real socket: pusher-js clients of both people hear every `Im.*`
 * event on their own `private-user.{id}`, and a third person hears none and cannot listen in.
 */
import { userChannel, type ImChannel, type ImMessage } from '@chat/shared';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { clientId } from '../../test/chat-fixtures';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import {
  connected,
  listen,
  pusherClient,
  sleep,
  subscribed,
  waitUntil,
} from '../../test/pusher-clients';

const IM_EVENTS = [
  'Im.ChannelStored',
  'Im.MessageStored',
  'Im.MessagesCountUpdated',
  'Im.MessagesRead',
  'Im.MessageDeleted',
  'Im.MessageRestored',
] as const;

let t: TestApp;
let port: number;
const sockets: Pusher[] = [];

beforeAll(async () => {
  t = await buildTestApp('sqlite');
  ({ port } = await listen(t.app));
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t.close();
});

/** A signed-in person listening on their own user channel, recording every Im.* event. */
async function listener(): Promise<{ client: Client; heard: { event: string; data: unknown }[] }> {
  const client = await signedIn(t.app, await buildUser(t.app));
  const pusher = pusherClient(t.app.deps.config.secrets.pusherKey, port, client.token);
  sockets.push(pusher);
  await connected(pusher);
  const channel = await subscribed(pusher, userChannel(client.user.id));
  const heard: { event: string; data: unknown }[] = [];
  channel.bind_global((event: string, data: unknown) => {
    if (event.startsWith('Im.')) heard.push({ event, data });
  });
  return { client, heard };
}

describe('Im.* events', () => {
  it('reach both people of a channel and nobody else', async () => {
    const a = await listener();
    const b = await listener();
    const c = await listener();
    const c2 = pusherClient(t.app.deps.config.secrets.pusherKey, port, c.client.token);
    sockets.push(c2);
    await connected(c2);
    await expect(subscribed(c2, userChannel(a.client.user.id))).rejects.toThrow(/403/);

    const call = async (who: Client, method: 'POST' | 'DELETE', url: string, payload?: object) => {
      const res = await who.asBearer({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res;
    };
    const channel = json<{ data: ImChannel }>(
      await call(a.client, 'POST', '/api/im/channels', { user_id: b.client.user.id }),
    ).data;
    const first = json<{ data: ImMessage }>(
      await call(a.client, 'POST', `/api/im/channel/${channel.id}`, {
        text: 'hi',
        client_id: clientId(),
      }),
    ).data;
    await call(b.client, 'POST', `/api/im/channel/${channel.id}/read`);
    await call(b.client, 'POST', `/api/im/channel/${channel.id}`, {
      text: 'hello',
      client_id: clientId(),
    });
    await call(a.client, 'POST', `/api/im/channel/${channel.id}/read`);
    await call(a.client, 'DELETE', `/api/im/message/${first.id}`);
    await call(a.client, 'POST', `/api/im/message/${first.id}/restore`);

    const kinds = (heard: { event: string }[]) => new Set(heard.map((h) => h.event));
    await waitUntil(
      () => IM_EVENTS.every((e) => kinds(a.heard).has(e) && kinds(b.heard).has(e)),
      5000,
    ).catch(() => undefined);
    for (const person of [a, b])
      expect([...kinds(person.heard)].sort()).toEqual([...IM_EVENTS].sort());
    // Give stray deliveries time to arrive before asserting silence.
    await sleep(200);
    expect(c.heard).toEqual([]);

    // Each person's ChannelStored shows the other person.
    const channelOf = (heard: { event: string; data: unknown }[]) =>
      heard.find((h) => h.event === 'Im.ChannelStored')!.data as ImChannel;
    expect(channelOf(a.heard).user.id).toBe(b.client.user.id);
    expect(channelOf(b.heard)).toMatchObject({ id: channel.id, user: { id: a.client.user.id } });
    // b heard the first message arrive, with its count.
    expect(b.heard.find((h) => h.event === 'Im.MessagesCountUpdated')!.data).toEqual({
      im_unread_count: 1,
      channel_id: channel.id,
      new_messages: 1,
    });
    expect(a.heard.find((h) => h.event === 'Im.MessagesRead')!.data).toMatchObject({
      channel_id: channel.id,
      reader_id: b.client.user.id,
      last_read_id: first.id,
    });
    expect(b.heard.find((h) => h.event === 'Im.MessageDeleted')!.data).toMatchObject({
      id: first.id,
      deleted: 1,
      text: '',
    });
  });
});

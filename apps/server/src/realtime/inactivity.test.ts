import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawSocket, waitUntil } from '../test/pusher-clients';
import { LocalAdapter } from './adapters/local';
import { CloseCode } from './protocol';
import { RealtimeServer } from './realtime-server';

/**
 * The sweep that keeps quiet sockets honest (Pusher protocol 7: `activity_timeout`): a socket
 * quiet for the activity timeout gets a `pusher:ping`; one that does not answer within the pong
 * timeout is closed with 4201; anything the client sends counts as an answer.
 */
describe('inactive sockets', () => {
  let http: Server;
  let realtime: RealtimeServer;
  let url: string;

  beforeAll(async () => {
    realtime = new RealtimeServer({
      appId: 'a',
      key: 'key',
      secret: 'secret',
      adapter: new LocalAdapter(),
      log: pino({ level: 'silent' }),
      isPublicChannel: () => true,
      activityTimeoutSeconds: 0.3,
      pongTimeoutMs: 300,
      sweepEveryMs: 50,
    });
    await realtime.start();
    http = createServer((_req, res) => res.writeHead(404).end());
    http.on('upgrade', (request, socket, head) => {
      if (!realtime.handleUpgrade(request, socket, head)) socket.destroy();
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/app/key?protocol=7`;
  });

  afterAll(async () => {
    await realtime.close();
    await new Promise((resolve) => http.close(resolve));
  });

  it('pings a quiet socket and closes it with 4201 when no answer comes', async () => {
    const raw = await rawSocket(url);
    await waitUntil(() => raw.frames.some((f) => f.event === 'pusher:ping'));
    expect(await raw.closed).toBe(CloseCode.inactive);
  });

  it('keeps a socket that answers its pings', async () => {
    const raw = await rawSocket(url);
    raw.ws.on('message', (data: Buffer) => {
      if (String(data).includes('"pusher:ping"'))
        raw.ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
    });
    await waitUntil(() => raw.frames.filter((f) => f.event === 'pusher:ping').length >= 3);
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
    raw.ws.close();
  });
});

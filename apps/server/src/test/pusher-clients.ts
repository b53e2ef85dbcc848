import type { FastifyInstance } from 'fastify';
import Pusher from 'pusher-js';
import WebSocket from 'ws';

/** Listens on a free loopback port and answers the base URL. */
export async function listen(app: FastifyInstance): Promise<{ port: number; url: string }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { port: address.port, url: `http://127.0.0.1:${address.port}` };
}

/** A real pusher-js client (Node build) against our server, authorised with a bearer token. */
export function pusherClient(key: string, port: number, token?: string): Pusher {
  return new Pusher(key, {
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: `http://127.0.0.1:${port}/api/broadcasting/auth`,
      transport: 'ajax',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    },
    userAuthentication: {
      endpoint: `http://127.0.0.1:${port}/broadcasting/user-auth`,
      transport: 'ajax',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    },
  });
}

export function connected(pusher: Pusher): Promise<string> {
  return new Promise((resolve) => {
    if (pusher.connection.state === 'connected') return resolve(pusher.connection.socket_id);
    pusher.connection.bind('connected', () => resolve(pusher.connection.socket_id));
  });
}

/** Resolves on subscription_succeeded, rejects on subscription_error. */
export function subscribed(
  pusher: Pusher,
  channel: string,
): Promise<ReturnType<Pusher['subscribe']>> {
  const ch = pusher.subscribe(channel);
  return new Promise((resolve, reject) => {
    ch.bind('pusher:subscription_succeeded', () => resolve(ch));
    ch.bind('pusher:subscription_error', (error: unknown) =>
      reject(new Error(JSON.stringify(error))),
    );
  });
}

/** The next `event` on a channel or connection-level binder. */
export function next<T = unknown>(
  target: {
    bind(event: string, cb: (data: T) => void): unknown;
    unbind(event: string, cb: (data: T) => void): unknown;
  },
  event: string,
  timeoutMs = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${event} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const handler = (data: T) => {
      clearTimeout(timer);
      target.unbind(event, handler);
      resolve(data);
    };
    target.bind(event, handler);
  });
}

/** Collects events of one name for a while: for "must not arrive" and "exactly once" checks. */
export function collect<T = unknown>(
  target: { bind(event: string, cb: (data: T) => void): unknown },
  event: string,
): T[] {
  const seen: T[] = [];
  target.bind(event, (data: T) => seen.push(data));
  return seen;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw WebSocket, for what pusher-js would never send (`headers`: on the upgrade request). */
export async function rawSocket(
  url: string,
  headers?: Record<string, string>,
): Promise<{ ws: WebSocket; frames: Record<string, unknown>[]; closed: Promise<number> }> {
  const ws = new WebSocket(url, headers ? { headers } : undefined);
  const frames: Record<string, unknown>[] = [];
  ws.on('message', (data: Buffer) =>
    frames.push(JSON.parse(data.toString()) as Record<string, unknown>),
  );
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, frames, closed };
}

export async function waitUntil(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/**
 * A raw socket connected to the app (which starts listening if it was not) and the socket id
 * the server gave it: the channel auth signs only sockets that are connected now.
 */
export async function connectedSocket(app: FastifyInstance) {
  const address = app.server.address();
  const port = address && typeof address !== 'string' ? address.port : (await listen(app)).port;
  const raw = await rawSocket(
    `ws://127.0.0.1:${port}/app/${app.deps.config.secrets.pusherKey}?protocol=7`,
  );
  await waitUntil(() => raw.frames.length > 0);
  const { socket_id } = JSON.parse(String(raw.frames[0]!.data)) as { socket_id: string };
  return { ...raw, socketId: socket_id };
}

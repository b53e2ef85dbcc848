/**
 * A load-client process (forked by the orchestrator): holds many sockets to one server, counts
 * every delivery and records its latency. It speaks Pusher frames over a raw WebSocket (ours
 * and the bare ws server) or Socket.IO, through socket.io-client or (socketio-raw) as Engine.IO
 * v4 / Socket.IO v5 text packets over a raw WebSocket. The raw WebSocket is light-ws.mjs by
 * default (with `ws` the clients spend ~1.4× the CPU per delivery), or the `ws` library.
 * Commands come over IPC; every reply carries the command's id.
 *
 * argv: <protocol: pusher|socketio|socketio-raw> <url> [raw client: light|ws]
 */
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import { nowMs, sleep } from '../lib/clock.mjs';
import { Histogram } from '../lib/stats.mjs';
import { LightWebSocket } from './light-ws.mjs';
import { parseBuffer, parseString, parsed } from './payload.mjs';

const [protocol, url, wsClient = 'light'] = process.argv.slice(2);
if (wsClient !== 'light' && wsClient !== 'ws') throw new Error(`unknown raw client ${wsClient}`);
const CHANNEL = 'common';

// A worker never outlives the bench: it leaves with its parent, and after 15 minutes at most.
process.on('disconnect', () => process.exit(0));
setTimeout(() => process.exit(0), 15 * 60_000).unref();

/** Every client slot; a slot keeps its index across reconnects. */
const clients = [];
let phase = null;
let stats = newStats();

function newStats() {
  return { duplicates: 0, outOfOrder: 0, dropped: 0 };
}

function countError(errors, kind) {
  errors[kind] = (errors[kind] ?? 0) + 1;
}

function errorKind(error) {
  const message = String(error?.message ?? error);
  const status = /Unexpected server response: (\d+)/.exec(message);
  if (status) return `http ${status[1]}`;
  return error?.code ?? message.slice(0, 60);
}

function onDelivery(client, seq, sentMs) {
  const now = nowMs();
  if (seq < client.lastSeq) stats.outOfOrder += 1;
  else client.lastSeq = seq;
  if (!phase || seq < phase.firstSeq || !client.seen) return;
  // One byte per message of the phase tells a duplicate from a new delivery.
  const index = seq - phase.firstSeq;
  if (index >= client.seen.length) {
    const grown = new Uint8Array(Math.max(index + 1, client.seen.length * 2));
    grown.set(client.seen);
    client.seen = grown;
  }
  if (client.seen[index]) {
    stats.duplicates += 1;
    return;
  }
  client.seen[index] = 1;
  phase.hist.add(now - sentMs);
  phase.received += 1;
  client.phaseCount += 1;
  if (now > phase.lastRecv) phase.lastRecv = now;
}

/**
 * Opens one client and subscribes it to the channel. `done(error)` is called once: with null
 * when subscribed, with an error kind when it failed or timed out.
 */
function open(client, timeoutMs, done) {
  let settled = false;
  const settle = (error) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    client.state = error ? 'failed' : 'ready';
    if (error) kill(client);
    done(error);
  };
  const timer = setTimeout(() => settle('timeout'), timeoutMs);
  client.state = 'connecting';
  client.phaseCount = 0;
  const onLost = () => {
    if (!settled) return settle('closed before subscribed');
    if (client.state === 'ready') {
      client.state = 'closed';
      stats.dropped += 1;
    }
  };
  if (protocol === 'socketio') openSocketIO(client, settle, onLost);
  else if (protocol === 'socketio-raw') openSocketIORaw(client, settle, onLost);
  else openPusher(client, settle, onLost);
}

/**
 * A raw WebSocket to `url` with `onMessage(Buffer)`; both clients have the same 'error' and
 * 'close' events and send / close / terminate.
 */
function rawSocket(onMessage) {
  if (wsClient === 'light') return new LightWebSocket(url, { onMessage });
  const ws = new WebSocket(url, { perMessageDeflate: false });
  ws.on('message', onMessage);
  return ws;
}

function openPusher(client, settle, onLost) {
  const ws = rawSocket((data) => {
    // Deliveries first and without JSON: they are almost all the traffic.
    if (parseBuffer(data)) return onDelivery(client, parsed.seq, parsed.sentMs);
    let message;
    try {
      message = JSON.parse(data.toString());
    } catch {
      return;
    }
    switch (message.event) {
      case 'pusher:connection_established':
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: CHANNEL } }));
        break;
      case 'pusher_internal:subscription_succeeded':
        settle(null);
        break;
      case 'pusher:ping':
        ws.send('{"event":"pusher:pong","data":{}}');
        break;
      case 'pusher:error':
      case 'pusher:subscription_error':
        settle(`${message.event} ${JSON.stringify(message.data).slice(0, 80)}`);
        break;
    }
  });
  client.socket = ws;
  ws.on('error', (error) => settle(errorKind(error)));
  ws.on('close', onLost);
}

function openSocketIO(client, settle, onLost) {
  const socket = io(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 60_000,
  });
  client.socket = socket;
  socket.on('connect', () => socket.emit('subscribe', CHANNEL));
  socket.on('subscribed', () => settle(null));
  socket.on('E', (data) => {
    if (parseString(data)) onDelivery(client, parsed.seq, parsed.sentMs);
  });
  socket.on('connect_error', (error) => settle(errorKind(error)));
  socket.on('disconnect', onLost);
}

/**
 * The Socket.IO handshake without the library: Engine.IO "open" (0{...}), then Socket.IO
 * CONNECT to "/" (40), the subscribe event (42[...]); "2" is Engine.IO's ping, answered "3".
 * The same cheap delivery path as the Pusher clients, so the client side costs the same.
 */
function openSocketIORaw(client, settle, onLost) {
  const ws = rawSocket((data) => {
    if (parseBuffer(data)) return onDelivery(client, parsed.seq, parsed.sentMs);
    const text = data.toString();
    if (text === '2') ws.send('3');
    else if (text.startsWith('0{')) ws.send('40');
    else if (text.startsWith('40')) ws.send(`42${JSON.stringify(['subscribe', CHANNEL])}`);
    else if (text.startsWith('42["subscribed"')) settle(null);
    else if (text.startsWith('44')) settle(`connect_error ${text.slice(2, 80)}`);
  });
  client.socket = ws;
  ws.on('error', (error) => settle(errorKind(error)));
  ws.on('close', onLost);
}

/** Drops a socket client-side at once, as a network failure would, without reacting to it. */
function kill(client) {
  const socket = client.socket;
  if (!socket) return;
  client.socket = null;
  if (protocol === 'socketio') {
    socket.off();
    const raw = socket.io?.engine?.transport?.ws;
    if (raw && typeof raw.terminate === 'function') raw.terminate();
    else socket.disconnect();
  } else {
    // Also stops a light client's deliveries: terminate() ends its parsing of the current chunk.
    socket.removeAllListeners();
    socket.on('error', () => {});
    socket.terminate();
  }
}

/** Opens `slots` with at most `concurrency` handshakes under way (Infinity: all at once). */
function openMany(slots, { concurrency, timeoutMs, seqBase }) {
  return new Promise((resolve) => {
    const result = { ok: 0, failed: 0, errors: {}, start: nowMs(), end: 0 };
    let next = 0;
    let settled = 0;
    if (slots.length === 0) return resolve(result);
    const launch = () => {
      const client = slots[next++];
      client.lastSeq = seqBase;
      open(client, timeoutMs, (error) => {
        settled += 1;
        if (error) {
          result.failed += 1;
          countError(result.errors, error);
        } else {
          result.ok += 1;
          result.end = nowMs();
        }
        if (next < slots.length) launch();
        if (settled === slots.length) resolve(result);
      });
    };
    for (let i = 0; i < Math.min(concurrency, slots.length); i++) launch();
  });
}

const readyClients = () => clients.filter((c) => c.state === 'ready');

/**
 * The seq every ready client has, counted from the phase start: firstSeq - 1 + the fewest
 * messages any client has received. By count, not by the highest seq seen, so a reordered
 * delivery cannot make a client look further along than it is.
 */
function minSeq() {
  let min = Infinity;
  for (const c of clients) if (c.state === 'ready' && c.phaseCount < min) min = c.phaseCount;
  return phase ? phase.firstSeq - 1 + min : Infinity;
}

const commands = {
  async connect({ count, concurrency, timeoutMs, seqBase }) {
    const slots = Array.from({ length: count }, () => ({
      state: 'new',
      lastSeq: seqBase,
      phaseCount: 0,
      seen: null,
    }));
    clients.push(...slots);
    return openMany(slots, { concurrency, timeoutMs, seqBase });
  },

  async disconnect() {
    const open = clients.filter((c) => c.socket);
    for (const c of open) {
      c.state = 'closing';
      if (protocol === 'socketio') c.socket.disconnect();
      else c.socket.close();
    }
    // Give the close handshakes a moment, then cut what is left.
    await sleep(500);
    for (const c of open) kill(c);
    clients.length = 0;
    return { closed: open.length };
  },

  async phaseStart({ firstSeq }) {
    stats = newStats();
    for (const c of clients) {
      c.phaseCount = 0;
      c.seen = new Uint8Array(1024);
    }
    const present = readyClients().length;
    phase = {
      firstSeq,
      hist: new Histogram(),
      received: 0,
      lastRecv: 0,
      present,
      lastReported: -1,
    };
    // Tells the publisher how far the slowest client got, so saturation runs with a window.
    phase.progress = setInterval(() => {
      const min = minSeq();
      if (min !== phase.lastReported && Number.isFinite(min)) {
        phase.lastReported = min;
        process.send({ type: 'progress', minSeq: min });
      }
    }, 20);
    return { present };
  },

  async phaseEnd({ lastSeq, drainMs }) {
    const current = phase;
    const deadline = nowMs() + drainMs;
    // Waits (bounded) until every client has every message of the phase.
    while (minSeq() < lastSeq && Number.isFinite(minSeq()) && nowMs() < deadline) await sleep(20);
    clearInterval(current.progress);
    phase = null;
    for (const c of clients) c.seen = null;
    const expected = lastSeq - current.firstSeq + 1;
    let lost = 0;
    let complete = 0;
    for (const c of clients) {
      if (c.state !== 'ready' && c.state !== 'closed') continue;
      lost += Math.max(0, expected - c.phaseCount);
      if (c.phaseCount >= expected) complete += 1;
    }
    return {
      present: current.present,
      expectedPerClient: expected,
      received: current.received,
      lost,
      complete,
      lastRecv: current.lastRecv,
      hist: current.hist.toJSON(),
      ...stats,
    };
  },

  /** All sockets dropped client-side at the same moment, then all reconnected at once. */
  async storm({ seqBase, timeoutMs }) {
    const slots = readyClients();
    const start = nowMs();
    for (const c of slots) kill(c);
    const result = await openMany(slots, { concurrency: Infinity, timeoutMs, seqBase });
    return { ...result, start, clients: slots.length };
  },
};

process.on('message', async (message) => {
  const handler = commands[message.cmd];
  try {
    if (!handler) throw new Error(`unknown command ${message.cmd}`);
    const result = await handler(message);
    process.send({ id: message.id, ok: true, result });
  } catch (error) {
    process.send({ id: message.id, ok: false, error: String(error?.stack ?? error) });
  }
});

process.send({ type: 'ready', pid: process.pid });

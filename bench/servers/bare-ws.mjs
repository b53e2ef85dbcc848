/**
 * The ceiling: a bare `ws` broadcast server with nothing but what the bench needs. It speaks
 * just enough of the Pusher frames (connection_established, subscribe, subscription_succeeded)
 * for the same client code to drive it as ours, and broadcasts naively: ws frames the message
 * again for every socket.
 *
 * MODE (experiments, not the baseline): `frame-once` builds the frame once and writes the same
 * bytes to every socket (what ours does); `batched` also joins all messages of one publish
 * request into one buffer, so each socket gets one write per request instead of one per message.
 * `floor` is the write-syscall floor: the frame built once, then a tight loop handing the same
 * bytes straight to each TCP socket, one write per message per socket and nothing else.
 */
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { backlog, host, httpHandler, lifetimeGuard, port } from './common.mjs';

lifetimeGuard();
const subscribers = new Set();
let socketCounter = 0;
const mode = process.env.MODE ?? 'naive';
// ws's frame builder; ws exports it at runtime.
const { Sender } = createRequire(import.meta.url)('ws');

function frame(data) {
  const text = JSON.stringify({ event: 'E', channel: 'common', data });
  const parts = Sender.frame(Buffer.from(text), {
    fin: true,
    rsv1: false,
    opcode: 1,
    mask: false,
    readOnly: false,
  });
  return parts.length === 1 ? parts[0] : Buffer.concat(parts);
}

/** Writes prepared bytes to every subscriber (ws's sender is idle: no compression, no queue). */
function writeAll(bytes) {
  for (const client of subscribers) client._sender.sendFrame([bytes]);
}

const publish = {
  naive: (datas) => {
    for (const data of datas) {
      const text = JSON.stringify({ event: 'E', channel: 'common', data });
      for (const client of subscribers) client.send(text);
    }
  },
  'frame-once': (datas) => datas.forEach((data) => writeAll(frame(data))),
  batched: (datas) => writeAll(Buffer.concat(datas.map(frame))),
  floor: (datas) => {
    for (const data of datas) {
      const bytes = frame(data);
      for (const client of subscribers) client._socket.write(bytes);
    }
  },
}[mode];

const server = createServer(httpHandler(publish));

const wss = new WebSocketServer({ server, perMessageDeflate: false, clientTracking: false });
wss.on('connection', (ws) => {
  socketCounter += 1;
  ws.send(
    JSON.stringify({
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: `1.${socketCounter}`, activity_timeout: 120 }),
    }),
  );
  ws.on('message', (raw) => {
    let message;
    try {
      message = JSON.parse(raw.toString());
    } catch {
      return;
    }
    if (message.event === 'pusher:subscribe') {
      subscribers.add(ws);
      const channel = message.data?.channel;
      ws.send(
        JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' }),
      );
    } else if (message.event === 'pusher:ping') {
      ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
    }
  });
  ws.on('close', () => subscribers.delete(ws));
  ws.on('error', () => {});
});

server.listen({ port, host, backlog });

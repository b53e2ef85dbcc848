import { createHmac } from 'node:crypto';
import WebSocket from 'ws';
import { nowMs } from '../lib/clock.mjs';
import { signedPath } from '../lib/pusher-sign.mjs';
import { Histogram } from '../lib/stats.mjs';

/**
 * The listeners of the nodes bench, in one process: sockets to several nodes of one cluster,
 * each counted under the node it is connected to, so a receipt is known to be same-node (the
 * node that stored the message) or cross-node (it came through Redis).
 *
 * - Room members: `presence-room.{id}` as accounts the database does not know (ids from
 *   `idOffset`), signed here with the app secret and granted through the node's HTTP API, as
 *   the chat bench's audience is. Each `MessageStored` carries "b:{seq}:{sentAt}".
 * - Private messages: registered people's `private-user.{id}`; each `Im.MessageStored` carries
 *   "b:{seq}:{sentAt}:{recipientId}" (bench/im/poster.mjs) and only the recipient's receipt is counted.
 *
 * Frames are read with regexes, not parsed: the load shares one core with the posters.
 */
const creds = JSON.parse(process.argv[2]);
const sockets = [];
const ROOM_MARKER = /b:(\d+):(\d+(?:\.\d+)?)/;
const IM_MARKER = /b:(\d+):(\d+(?:\.\d+)?):(\d+)/;
const PONG = '{"event":"pusher:pong","data":{}}';
let state = fresh();

function fresh() {
  return {
    /** node index → { deliveries, latency } for room messages */
    room: new Map(),
    /** seq → [receipts, last latency] */
    perMessage: new Map(),
    /** node index → { received, latency } for private messages */
    im: new Map(),
    imSeen: new Set(),
    imDuplicates: 0,
    deliveries: 0,
  };
}

function roomOf(node) {
  let entry = state.room.get(node);
  if (!entry) state.room.set(node, (entry = { deliveries: 0, latency: new Histogram() }));
  return entry;
}

function imOf(node) {
  let entry = state.im.get(node);
  if (!entry) state.im.set(node, (entry = { received: 0, latency: new Histogram() }));
  return entry;
}

function onFrame(node, userId, text, at) {
  if (text.includes('"MessageStored"')) {
    const m = ROOM_MARKER.exec(text);
    if (!m) return;
    const ms = at - Number(m[2]);
    const entry = roomOf(node);
    entry.deliveries += 1;
    entry.latency.add(ms);
    state.deliveries += 1;
    const seq = Number(m[1]);
    const seen = state.perMessage.get(seq) ?? [0, 0];
    seen[0] += 1;
    seen[1] = Math.max(seen[1], ms);
    state.perMessage.set(seq, seen);
  } else if (text.includes('"Im.MessageStored"')) {
    const m = IM_MARKER.exec(text);
    if (!m || Number(m[3]) !== userId) return;
    const seq = Number(m[1]);
    if (state.imSeen.has(seq)) {
      state.imDuplicates += 1;
      return;
    }
    state.imSeen.add(seq);
    const entry = imOf(node);
    entry.received += 1;
    entry.latency.add(at - Number(m[2]));
  } else if (text.includes('"pusher:ping"')) {
    return 'pong';
  }
  return undefined;
}

async function grant(httpUrl, socketId, userId, channel) {
  const body = JSON.stringify({ socket_id: socketId, user_id: userId, channels: [channel] });
  const path = signedPath(creds, 'POST', `/apps/${creds.appId}/grants`, body);
  const response = await fetch(`${httpUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  if (!response.ok) throw new Error(`grant ${channel}: ${response.status}`);
}

/** One socket subscribed to `channel` as `userId` on the node at `url` (ws://host:port). */
function connect({ url, node, channel, userId, presence }) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url}/app/${creds.key}?protocol=7`);
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`subscribe ${channel}: timeout`));
    }, 30_000);
    let subscribed = false;
    ws.on('message', (raw) => {
      const text = raw.toString();
      if (subscribed) {
        if (onFrame(node, userId, text, nowMs()) === 'pong') ws.send(PONG);
        return;
      }
      const frame = JSON.parse(text);
      if (frame.event === 'pusher:connection_established') {
        const socketId = JSON.parse(frame.data).socket_id;
        const channelData = presence
          ? JSON.stringify({ user_id: String(userId), user_info: { nick: `m${userId}` } })
          : undefined;
        const sig = createHmac('sha256', creds.secret)
          .update(`${socketId}:${channel}${channelData ? `:${channelData}` : ''}`)
          .digest('hex');
        grant(url.replace(/^ws/, 'http'), socketId, userId, channel).then(
          () =>
            ws.send(
              JSON.stringify({
                event: 'pusher:subscribe',
                data: {
                  channel,
                  auth: `${creds.key}:${sig}`,
                  ...(channelData ? { channel_data: channelData } : {}),
                },
              }),
            ),
          (error) => {
            clearTimeout(timer);
            ws.terminate();
            reject(error);
          },
        );
      } else if (frame.event === 'pusher_internal:subscription_succeeded') {
        subscribed = true;
        clearTimeout(timer);
        resolve(ws);
      } else if (frame.event === 'pusher:subscription_error' || frame.event === 'pusher:error') {
        clearTimeout(timer);
        ws.terminate();
        reject(new Error(`subscribe ${channel}: ${text}`));
      }
    });
    ws.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

async function connectAll(specs) {
  // 50 handshakes at a time: a storm of hundreds at once would only measure the listen queue.
  for (let i = 0; i < specs.length; i += 50) {
    sockets.push(...(await Promise.all(specs.slice(i, i + 50).map(connect))));
  }
}

function histogramsOf(map, field) {
  return Object.fromEntries(
    [...map].map(([node, entry]) => [
      node,
      { [field]: entry[field], latency: entry.latency.toJSON() },
    ]),
  );
}

process.on('message', async (command) => {
  if (command.type === 'connect') {
    try {
      await connectAll(command.specs);
      process.send({ type: 'connect', count: sockets.length });
    } catch (error) {
      process.send({ type: 'connect', error: String(error) });
    }
  } else if (command.type === 'peek') {
    process.send({ type: 'peek', deliveries: state.deliveries, im: state.imSeen.size });
  } else if (command.type === 'report') {
    const lastMember = new Histogram();
    let complete = 0;
    for (const [, [receipts, last]] of state.perMessage) {
      if (receipts === command.members) complete += 1;
      lastMember.add(last);
    }
    process.send({
      type: 'report',
      deliveries: state.deliveries,
      messages: state.perMessage.size,
      complete,
      lastMember: lastMember.toJSON(),
      room: histogramsOf(state.room, 'deliveries'),
      im: histogramsOf(state.im, 'received'),
      imDuplicates: state.imDuplicates,
    });
    state = fresh();
  } else if (command.type === 'close') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});

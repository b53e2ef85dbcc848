import { createHmac } from 'node:crypto';
import WebSocket from 'ws';
import { Histogram } from '../lib/stats.mjs';
import { nowMs } from '../lib/clock.mjs';
import { grant } from '../lib/grant.mjs';

/**
 * The room's audience, in its own process: N sockets subscribed to presence-room.{id}. Each
 * MessageStored carries "b:{seq}:{sentAt}" in its text; every receipt adds one latency sample
 * (POST sent → this member has it) and counts towards the message's deliveries.
 * Presence signatures are made here with the app secret the bench gave the server, and each
 * socket is granted its channel through the HTTP API once, as a tab's channel auth would.
 */
const [url, key, secret, channel, countArg] = process.argv.slice(2);
const count = Number(countArg);
const sockets = [];
let latency = new Histogram();
let deliveries = 0;
const perMessage = new Map(); // seq -> [receipts, lastAt]
const MARKER = /b:(\d+):(\d+(?:\.\d+)?)/;

/** Members are accounts the database does not know: ids far above the bench's real users. */
const memberId = (i) => 1_000_000 + i;

function subscribeFrame(socketId, i) {
  const channelData = JSON.stringify({
    user_id: String(memberId(i)),
    user_info: { nick: `m${i}` },
  });
  const sig = createHmac('sha256', secret)
    .update(`${socketId}:${channel}:${channelData}`)
    .digest('hex');
  return JSON.stringify({
    event: 'pusher:subscribe',
    data: { channel, auth: `${key}:${sig}`, channel_data: channelData },
  });
}

function connect(i) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url}/app/${key}?protocol=7`);
    const timer = setTimeout(() => reject(new Error('subscribe timeout')), 20_000);
    ws.on('message', (raw) => {
      const text = raw.toString();
      if (text.includes('"MessageStored"')) {
        const at = nowMs();
        // The load side shares one core with the posters: read the marker with a regex instead
        // of parsing the frame and its JSON-in-JSON payload twice per delivery.
        const m = MARKER.exec(text);
        if (!m) return;
        deliveries += 1;
        latency.add(at - Number(m[2]));
        const seq = Number(m[1]);
        const seen = perMessage.get(seq) ?? [0, 0];
        seen[0] += 1;
        seen[1] = at - Number(m[2]);
        perMessage.set(seq, seen);
        return;
      }
      const frame = JSON.parse(text);
      if (frame.event === 'pusher:connection_established') {
        const socketId = JSON.parse(frame.data).socket_id;
        grant(url, socketId, memberId(i), [channel]).then(
          () => ws.send(subscribeFrame(socketId, i)),
          reject,
        );
      } else if (frame.event === 'pusher_internal:subscription_succeeded') {
        clearTimeout(timer);
        resolve(ws);
      } else if (frame.event === 'pusher:subscription_error') {
        reject(new Error(text));
      }
    });
    ws.on('error', reject);
  });
}

process.on('message', async (command) => {
  if (command.type === 'connect') {
    for (let i = 0; i < count; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, count - i) }, (_, j) => connect(i + j)),
      );
      sockets.push(...batch);
    }
    process.send({ type: 'connected', count: sockets.length });
  } else if (command.type === 'peek') {
    // How many so far, without starting over: the bench waits for the audience to catch up.
    process.send({ type: 'peek', deliveries });
  } else if (command.type === 'report') {
    // Per message: how many members got it, and when the last one did.
    const lastMember = new Histogram();
    let complete = 0;
    for (const [, [receipts, last]] of perMessage) {
      if (receipts === count) complete += 1;
      lastMember.add(last);
    }
    process.send({
      type: 'report',
      deliveries,
      messages: perMessage.size,
      complete,
      latency: latency.toJSON(),
      lastMember: lastMember.toJSON(),
    });
    latency = new Histogram();
    deliveries = 0;
    perMessage.clear();
  } else if (command.type === 'close') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});

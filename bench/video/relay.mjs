import { CREDS } from '../lib/creds.mjs';
import { cpuSeconds } from '../lib/proc-stats.mjs';
import { subscribePrivate } from '../lib/pusher-client.mjs';
import { signedPath } from '../lib/pusher-sign.mjs';
import { round } from '../lib/stats.mjs';
import { api, callPairs } from './setup.mjs';

/** One ICE candidate as Chromium sends them, the message most signals of a call are. */
const CANDIDATE = {
  candidate:
    'candidate:2871012374 1 udp 2122260223 192.168.1.23 54321 typ host generation 0 ufrag mB3h network-id 1 network-cost 10',
  sdpMid: '0',
  sdpMLineIndex: 0,
  usernameFragment: 'mB3h',
};

/**
 * Sends `count` messages with `concurrency` in flight through `send`, and waits until the
 * recipient's socket had them all. Answers the server's CPU seconds over the whole of it.
 */
async function meterRelay(server, received, count, concurrency, send) {
  const before = received.count;
  const cpuBefore = cpuSeconds(server.child.pid);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        await send();
      }
    }),
  );
  const deadline = Date.now() + 30_000;
  while (received.count - before < count && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 5));
  const cpu = cpuSeconds(server.child.pid) - cpuBefore;
  return { cpu, delivered: received.count - before };
}

/**
 * The server's CPU per relayed signal: `POST /api/room/{id}/video/signal` from one participant
 * to another (checked, rate-limited, relayed to `private-user.{id}`), against the bare relay of
 * the same payload to the same socket through the realtime server's HTTP API (the Pusher
 * trigger a back end would use). Both reach the recipient's socket; the difference is what the
 * call's rules cost.
 */
export async function measureRelay(server, { signals, concurrency, rounds, pairs: pairCount }) {
  const pairs = await callPairs(server, pairCount);
  const received = { count: 0 };
  const sockets = [];
  for (const { recipient } of pairs)
    sockets.push(
      await subscribePrivate(
        server.wsUrl,
        CREDS,
        `private-user.${recipient.id}`,
        (text) => {
          if (text.includes('Video.Signal')) received.count += 1;
        },
        () => performance.now(),
      ),
    );
  const base = `http://127.0.0.1:${server.port}`;
  const payloads = pairs.map(({ sender, recipient, roomId }) => {
    // The same event, the same payload, to the same channel, straight through the socket server.
    const event = JSON.stringify({
      name: 'Video.Signal',
      channel: `private-user.${recipient.id}`,
      data: JSON.stringify({
        room_id: roomId,
        from: sender.id,
        call_id: 'bench',
        type: 'candidate',
        data: CANDIDATE,
      }),
    });
    return {
      url: `${base}/api/room/${roomId}/video/signal`,
      token: sender.token,
      body: JSON.stringify({ to: recipient.id, type: 'candidate', data: CANDIDATE }),
      event,
    };
  });
  let turn = 0;
  const nextPair = () => payloads[turn++ % payloads.length];
  const ours = async () => {
    const pair = nextPair();
    const res = await fetch(pair.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pair.token}` },
      body: pair.body,
    });
    await res.arrayBuffer();
    if (res.status !== 204) throw new Error(`signal: ${res.status}`);
  };
  const bare = async () => {
    const { event } = nextPair();
    const path = signedPath(CREDS, 'POST', `/apps/${CREDS.appId}/events`, event);
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: event,
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`trigger: ${res.status}`);
  };
  // Warm both paths, then alternate them so a slow spell of the machine falls on both.
  await meterRelay(server, received, 500, concurrency, ours);
  await meterRelay(server, received, 500, concurrency, bare);
  const totals = { ours: 0, bare: 0, oursLost: 0, bareLost: 0 };
  for (let i = 0; i < rounds; i++) {
    const o = await meterRelay(server, received, signals, concurrency, ours);
    const b = await meterRelay(server, received, signals, concurrency, bare);
    totals.ours += o.cpu;
    totals.bare += b.cpu;
    totals.oursLost += signals - o.delivered;
    totals.bareLost += signals - b.delivered;
  }
  for (const socket of sockets) socket.close();
  for (const { sender, recipient, roomId } of pairs)
    for (const person of [sender, recipient])
      await api(server.port, person.token, `/api/room/${roomId}/video/leave`, {});
  const perMessage = (cpu) => (cpu / (rounds * signals)) * 1e6;
  return {
    oursUs: round(perMessage(totals.ours), 1),
    bareUs: round(perMessage(totals.bare), 1),
    ratio: round(totals.ours / totals.bare, 2),
    lost: totals.oursLost + totals.bareLost,
  };
}

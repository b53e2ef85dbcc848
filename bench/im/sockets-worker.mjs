import { nowMs } from '../lib/clock.mjs';
import { subscribePrivate } from '../lib/pusher-client.mjs';
import { Histogram } from '../lib/stats.mjs';

/**
 * Some of the people, in one process: each user's socket subscribed to its own
 * `private-user.{id}`, as an open tab of the site is. Every `Im.MessageStored` frame carries the
 * poster's marker "b:{seq}:{sentAt}:{recipientId}" in its text: a receipt by the recipient is
 * one latency sample (POST sent → recipient has it); the sender's own copy (its other tabs) is
 * counted apart. One person is the sender of some pairs and the recipient of others.
 * Frames are read with regexes, not parsed, so this side keeps up on its shared core.
 */
const [wsUrl, key, secret] = process.argv.slice(2);
const sockets = [];
const MARKER = /b:(\d+):(\d+(?:\.\d+)?):(\d+)/;
let state = fresh();

function fresh() {
  return { latency: new Histogram(), echo: new Histogram(), seen: new Set(), duplicates: 0 };
}

function onFrame(userId, text, at) {
  if (!text.includes('"Im.MessageStored"')) return;
  const m = MARKER.exec(text);
  if (!m) return;
  const ms = at - Number(m[2]);
  if (Number(m[3]) !== userId) {
    state.echo.add(ms);
    return;
  }
  const seq = Number(m[1]);
  if (state.seen.has(seq)) state.duplicates += 1;
  else {
    state.seen.add(seq);
    state.latency.add(ms);
  }
}

async function connectAll(users) {
  // 50 handshakes at a time: a storm of 2,000 at once would only measure the listen queue.
  for (let i = 0; i < users.length; i += 50) {
    const batch = users.slice(i, i + 50);
    sockets.push(
      ...(await Promise.all(
        batch.map((u) =>
          subscribePrivate(
            wsUrl,
            { key, secret },
            `private-user.${u.id}`,
            (text, at) => onFrame(u.id, text, at),
            nowMs,
          ),
        ),
      )),
    );
  }
}

process.on('message', async (command) => {
  if (command.type === 'connect') {
    try {
      await connectAll(command.users);
      process.send({ type: 'connected', count: sockets.length });
    } catch (error) {
      process.send({ type: 'connected', error: String(error) });
    }
  } else if (command.type === 'report') {
    process.send({
      type: 'report',
      received: [...state.seen],
      duplicates: state.duplicates,
      latency: state.latency.toJSON(),
      echo: state.echo.toJSON(),
    });
    state = fresh();
  } else if (command.type === 'close') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});

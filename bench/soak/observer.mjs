import { createHmac } from 'node:crypto';
import WebSocket from 'ws';
import { grant } from '../lib/grant.mjs';

/** An account id no bench user has: the observer only reads member lists. */
const OBSERVER_ID = '999999999';

/**
 * The server's own member list of a presence channel: what a newcomer gets in
 * `subscription_succeeded` (ours has no members HTTP API). Joins as a bench-only user, reads
 * the list without itself, and leaves.
 */
function membersOf(wsUrl, { key, secret }, channel) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsUrl}/app/${key}?protocol=7`, { perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`observer ${channel}: timeout`));
    }, 20_000);
    const finish = (value) => {
      clearTimeout(timer);
      ws.close(1000);
      resolve(value);
    };
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString());
      if (frame.event === 'pusher:connection_established') {
        const socketId = JSON.parse(frame.data).socket_id;
        const channelData = JSON.stringify({
          user_id: OBSERVER_ID,
          user_info: { nick: 'observer' },
        });
        const sig = createHmac('sha256', secret)
          .update(`${socketId}:${channel}:${channelData}`)
          .digest('hex');
        const subscribe = () =>
          ws.send(
            JSON.stringify({
              event: 'pusher:subscribe',
              data: { channel, auth: `${key}:${sig}`, channel_data: channelData },
            }),
          );
        grant(wsUrl, socketId, OBSERVER_ID, [channel]).then(subscribe, (error) => {
          ws.terminate();
          reject(error);
        });
      } else if (
        frame.event === 'pusher_internal:subscription_succeeded' &&
        frame.channel === channel
      ) {
        finish(JSON.parse(frame.data).presence.ids.filter((id) => id !== OBSERVER_ID));
      } else if (frame.event === 'pusher:subscription_error' || frame.event === 'pusher:error') {
        clearTimeout(timer);
        ws.terminate();
        reject(new Error(`observer ${channel}: ${raw}`));
      }
    });
    ws.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Compares the server's member list of every room with the truth: rooms that differ. */
export async function observeRooms(wsUrl, creds, roomIds, truth) {
  const differing = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < roomIds.length) {
        const room = roomIds[next++];
        const ids = await membersOf(wsUrl, creds, `presence-room.${room}`);
        const want = new Set(truth[room] ?? []);
        const got = new Set(ids);
        const missing = [...want].filter((id) => !got.has(id));
        const extra = [...got].filter((id) => !want.has(id));
        if (missing.length || extra.length) differing.push({ room, missing, extra });
      }
    }),
  );
  return { rooms: roomIds.length, differing: differing.length, examples: differing.slice(0, 5) };
}

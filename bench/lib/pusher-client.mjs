import { createHmac } from 'node:crypto';
import WebSocket from 'ws';
import { grant } from './grant.mjs';

/**
 * A raw Pusher protocol 7 client subscribed to one `private-user.{id}` channel, signed here with
 * the app secret the bench gave the server (HMAC-SHA256 of "socketId:channel") and granted to
 * that user through the HTTP API, as the channel auth would for the user's tab. `onFrame(text, receivedAtMs)` gets every frame
 * after the subscription succeeded, unparsed: callers look for their event with a regex.
 */
export function subscribePrivate(wsUrl, { key, secret }, channel, onFrame, nowMs) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsUrl}/app/${key}?protocol=7`);
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`subscribe ${channel}: timeout`));
    }, 30_000);
    let subscribed = false;
    ws.on('message', (raw) => {
      const text = raw.toString();
      if (subscribed) {
        // The server pings a silent connection (activity_timeout) and drops it without a pong.
        if (text.includes('"pusher:ping"')) ws.send('{"event":"pusher:pong","data":{}}');
        else onFrame(text, nowMs());
        return;
      }
      const frame = JSON.parse(text);
      if (frame.event === 'pusher:connection_established') {
        const socketId = JSON.parse(frame.data).socket_id;
        const sig = createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex');
        const userId = Number(channel.slice(channel.lastIndexOf('.') + 1));
        grant(wsUrl, socketId, userId, [channel]).then(
          () =>
            ws.send(
              JSON.stringify({
                event: 'pusher:subscribe',
                data: { channel, auth: `${key}:${sig}` },
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

import { Agent } from 'node:http';
import { timedPost } from '../lib/http.mjs';
import { randomBytes } from 'node:crypto';
import { nowMs, sleep } from '../lib/clock.mjs';
import { Histogram } from '../lib/stats.mjs';

/**
 * Sends private messages as the senders of many pairs do, over keep-alive HTTP with bearer
 * tokens: message `seq` goes through pair `seq % pairs`, so a steady rate is spread evenly over
 * every channel. Each text carries its sequence number, send time and recipient, which the
 * recipient's socket reads back.
 */
export class ImPoster {
  constructor(port, pairs, maxSockets = 64) {
    this.port = port;
    this.pairs = pairs; // [{ channelId, sender: { token }, recipient: { id } }]
    this.agent = new Agent({ keepAlive: true, maxSockets });
    this.seq = 0;
  }

  async post() {
    this.seq += 1;
    const seq = this.seq;
    const pair = this.pairs[seq % this.pairs.length];
    const startedAt = nowMs();
    const body = JSON.stringify({
      text: `b:${seq}:${startedAt.toFixed(3)}:${pair.recipient.id}`,
      client_id: randomBytes(12).toString('base64url'),
    });
    const answer = await timedPost(
      {
        port: this.port,
        agent: this.agent,
        path: `/api/im/channel/${pair.channelId}`,
        body,
        headers: { authorization: `Bearer ${pair.sender.token}` },
      },
      startedAt,
    );
    return { seq, ...answer };
  }

  /** `rate` messages a second, evenly spaced, for `ms`. */
  async steady(rate, ms) {
    const answers = [];
    const started = nowMs();
    const total = Math.round((rate * ms) / 1000);
    for (let i = 0; i < total; i++) {
      const wait = started + (i * 1000) / rate - nowMs();
      if (wait > 0) await sleep(wait);
      answers.push(this.post());
    }
    const settled = await Promise.all(answers);
    const latency = new Histogram();
    const statuses = {};
    const stored = [];
    for (const a of settled) {
      latency.add(a.ms);
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      if (a.status === 201) stored.push(a.seq);
    }
    return { sent: settled.length, stored, statuses, latency, elapsedMs: nowMs() - started };
  }

  close() {
    this.agent.destroy();
  }
}

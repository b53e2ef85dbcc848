import { Agent } from 'node:http';
import { timedPost } from '../lib/http.mjs';
import { randomBytes } from 'node:crypto';
import { Histogram } from '../lib/stats.mjs';
import { nowMs, sleep } from '../lib/clock.mjs';

/**
 * Posts chat messages as N users do, over keep-alive HTTP with bearer tokens. Each text carries
 * its sequence number and send time, which the audience reads back.
 */
export class Poster {
  constructor(port, roomId, tokens) {
    this.port = port;
    this.roomId = roomId;
    this.tokens = tokens;
    this.agent = new Agent({ keepAlive: true, maxSockets: tokens.length });
    this.seq = 0;
    /** The answer that means "stored" (the HTTP API of the fan-out ceiling answers 200). */
    this.okStatus = 201;
  }

  post() {
    this.seq += 1;
    const seq = this.seq;
    const token = this.tokens[seq % this.tokens.length];
    const body = JSON.stringify({
      text: `b:${seq}:${nowMs().toFixed(3)}`,
      client_id: randomBytes(12).toString('base64url'),
    });
    const startedAt = nowMs();
    return timedPost(
      {
        port: this.port,
        agent: this.agent,
        path: `/api/room/${this.roomId}/message`,
        body,
        headers: { authorization: `Bearer ${token}` },
      },
      startedAt,
    );
  }

  /** `rate` posts a second, evenly spaced, for `ms`. */
  async steady(rate, ms) {
    const answers = [];
    const started = nowMs();
    const total = Math.round((rate * ms) / 1000);
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / rate;
      const wait = due - nowMs();
      if (wait > 0) await sleep(wait);
      answers.push(this.post());
    }
    return summarize(await Promise.all(answers), nowMs() - started, this.okStatus);
  }

  /** As fast as the server answers, `concurrency` requests in flight, for `ms`. */
  async saturate(concurrency, ms) {
    const answers = [];
    const started = nowMs();
    const deadline = started + ms;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (nowMs() < deadline) answers.push(await this.post());
      }),
    );
    return summarize(answers, nowMs() - started, this.okStatus);
  }

  close() {
    this.agent.destroy();
  }
}

export function summarize(answers, elapsedMs, okStatus) {
  const latency = new Histogram();
  const statuses = {};
  for (const a of answers) {
    latency.add(a.ms);
    statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  }
  const stored = statuses[okStatus] ?? 0;
  return {
    sent: answers.length,
    stored,
    statuses,
    perSecond: (stored * 1000) / elapsedMs,
    latency,
  };
}

import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { nowMs, sleep } from '../lib/clock.mjs';
import { Histogram } from '../lib/stats.mjs';

/**
 * The steady chat load of the soak: room owners post over HTTP (`POST /api/room/{id}/message`,
 * their bearer tokens) into their own rooms, `rate` messages a second, evenly spaced, from
 * start() to stop(). Each text carries "s:{seq}:{sentAt}", which the tabs read back; every post
 * is recorded with its room, send and answer times, so the tabs' receipts can be checked exactly.
 */
export class ChatLoad {
  constructor(port, owners, roomCount, seqBase = 0) {
    this.port = port;
    // The first `roomCount` rooms of the owners, in turn.
    this.targets = owners.flatMap((o) => o.rooms.map((room) => ({ room, token: o.token })));
    this.targets = this.targets.slice(0, roomCount);
    this.agent = new Agent({ keepAlive: true, maxSockets: 16 });
    // Another load's messages (the warm-up's) cannot be taken for this one's.
    this.seqBase = seqBase;
    this.seq = seqBase;
    /** [seq, room, sentAt, answeredAt] of every message stored (201). */
    this.stored = [];
    this.statuses = {};
    this.latency = new Histogram();
    this.running = null;
  }

  post() {
    const seq = ++this.seq;
    const { room, token } = this.targets[seq % this.targets.length];
    const sentAt = nowMs();
    const body = JSON.stringify({
      text: `s:${seq}:${sentAt.toFixed(3)}`,
      client_id: randomBytes(12).toString('base64url'),
    });
    return new Promise((resolve) => {
      const done = (status) => {
        const answeredAt = nowMs();
        this.statuses[status] = (this.statuses[status] ?? 0) + 1;
        this.latency.add(answeredAt - sentAt);
        if (status === 201) this.stored.push([seq, room, sentAt, answeredAt]);
        resolve();
      };
      const req = request(
        {
          host: '127.0.0.1',
          port: this.port,
          path: `/api/room/${room}/message`,
          method: 'POST',
          agent: this.agent,
          timeout: 15_000,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${token}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => done(0));
      req.end(body);
    });
  }

  start(rate) {
    const state = { stop: false, inFlight: new Set() };
    this.running = state;
    const started = nowMs();
    void (async () => {
      for (let i = 0; !state.stop; i++) {
        const wait = started + (i * 1000) / rate - nowMs();
        if (wait > 0) await sleep(wait);
        if (state.stop) break;
        const p = this.post();
        state.inFlight.add(p);
        p.finally(() => state.inFlight.delete(p));
      }
    })();
  }

  /** Stops posting and waits for the answers of what was sent. */
  async stop() {
    this.running.stop = true;
    await Promise.all([...this.running.inFlight]);
    this.agent.destroy();
  }

  /** Answers and POST latency since the last call. */
  take() {
    const answer = { statuses: this.statuses, latency: this.latency };
    this.statuses = {};
    this.latency = new Histogram();
    return answer;
  }
}

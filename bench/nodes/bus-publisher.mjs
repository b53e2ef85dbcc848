import { timedPost } from '../lib/http.mjs';
import { nowMs } from '../lib/clock.mjs';
import { signedPath } from '../lib/pusher-sign.mjs';
import { Poster } from '../chat/poster.mjs';

/**
 * The bus phase's load: MessageStored events (a real stored message's shape and size) published
 * through a node's Pusher HTTP API ten at a time (`POST /apps/{appId}/batch_events`), so the
 * publishing node's HTTP work is a tenth per event; each event is still one broadcast, and one
 * PUBLISH to Redis, as a stored message is. `steady(rate, ms)` counts events, not requests.
 */
export class BusPublisher extends Poster {
  constructor(port, creds, channel, template, batch = 10) {
    super(
      port,
      0,
      Array.from({ length: 8 }, (_, i) => `bus-${i}`),
    );
    this.creds = creds;
    this.channel = channel;
    this.template = template;
    this.batch = batch;
    this.okStatus = 200;
  }

  post() {
    const events = [];
    for (let i = 0; i < this.batch; i++) {
      this.seq += 1;
      const message = {
        ...this.template,
        id: this.template.id + this.seq,
        text: `b:${this.seq}:${nowMs().toFixed(3)}`,
      };
      events.push({ name: 'MessageStored', channel: this.channel, data: JSON.stringify(message) });
    }
    const body = JSON.stringify({ batch: events });
    const path = signedPath(this.creds, 'POST', `/apps/${this.creds.appId}/batch_events`, body);
    const startedAt = nowMs();
    return timedPost({ port: this.port, agent: this.agent, path, body }, startedAt);
  }

  /** `rate` events a second (in requests of `batch`), for `ms`; `stored` counts events. */
  async steady(rate, ms) {
    const result = await super.steady(rate / this.batch, ms);
    return { ...result, sent: result.sent * this.batch, stored: result.stored * this.batch };
  }
}

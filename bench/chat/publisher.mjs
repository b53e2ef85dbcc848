import { timedPost } from '../lib/http.mjs';
import { nowMs } from '../lib/clock.mjs';
import { signedPath } from '../lib/pusher-sign.mjs';
import { Poster } from './poster.mjs';

/**
 * The pure fan-out ceiling's load: the same MessageStored events the posters cause, published
 * through the server's Pusher HTTP API (`POST /apps/{appId}/events`, signed), one message per
 * request. No session, no database: what is left is HTTP, the signature check and the fan-out.
 * `template` is a real stored message (its JSON shape and size); each event carries the same
 * "b:{seq}:{sentAt}" text marker the audience reads.
 */
export class Publisher extends Poster {
  constructor(port, creds, channel, template) {
    super(
      port,
      0,
      Array.from({ length: 20 }, (_, i) => `publisher-${i}`),
    );
    this.creds = creds;
    this.channel = channel;
    this.template = template;
    this.okStatus = 200;
  }

  post() {
    this.seq += 1;
    const seq = this.seq;
    const message = {
      ...this.template,
      id: this.template.id + seq,
      text: `b:${seq}:${nowMs().toFixed(3)}`,
    };
    const body = JSON.stringify({
      name: 'MessageStored',
      channel: this.channel,
      data: JSON.stringify(message),
    });
    const path = signedPath(this.creds, 'POST', `/apps/${this.creds.appId}/events`, body);
    const startedAt = nowMs();
    return timedPost({ port: this.port, agent: this.agent, path, body }, startedAt);
  }
}

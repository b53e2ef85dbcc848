import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { nowMs } from '../lib/clock.mjs';
import { subscribePrivate } from '../lib/pusher-client.mjs';

/**
 * One person sending pictures: a registered user with a socket on its own `private-user.{id}`
 * (as the site's tab has), posting `POST /api/upload` (multipart `file`) and waiting for the
 * `AttachmentReady` of that attachment. Timed from the first byte sent to the event's receipt.
 */
export class Uploader {
  constructor(port, wsUrl, creds, user) {
    this.port = port;
    this.wsUrl = wsUrl;
    this.creds = creds;
    this.user = user;
    this.agent = new Agent({ keepAlive: true, maxSockets: 1 });
    this.waiting = new Map(); // attachment id -> resolve
    this.early = new Map(); // attachment id -> { at, attachment } (event before the 202 was read)
  }

  async connect() {
    this.ws = await subscribePrivate(
      this.wsUrl,
      this.creds,
      `private-user.${this.user.id}`,
      (text, at) => this.onFrame(text, at),
      nowMs,
    );
  }

  onFrame(text, at) {
    if (!text.includes('"AttachmentReady"')) return;
    const attachment = JSON.parse(JSON.parse(text).data);
    const resolve = this.waiting.get(attachment.id);
    if (resolve) {
      this.waiting.delete(attachment.id);
      resolve({ at, attachment });
    } else this.early.set(attachment.id, { at, attachment });
  }

  /** Sends `file` ({ data, name, mime }); resolves with timings and the final status. */
  async upload(file, timeoutMs = 120_000) {
    const boundary = `----bench${randomBytes(12).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nattachment\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.mime}\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const startedAt = nowMs();
    const answer = await new Promise((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: this.port,
          path: '/api/upload',
          method: 'POST',
          agent: this.agent,
          timeout: timeoutMs,
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + file.data.length + tail.length,
            authorization: `Bearer ${this.user.token}`,
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode, body, at: nowMs() }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error) => resolve({ status: 0, body: String(error), at: nowMs() }));
      req.write(head);
      req.write(file.data);
      req.end(tail);
    });
    const acceptedMs = answer.at - startedAt;
    if (answer.status !== 202) {
      return { status: `http ${answer.status}`, detail: answer.body.slice(0, 200), acceptedMs };
    }
    const { id } = JSON.parse(answer.body).data;
    const ready =
      this.early.get(id) ??
      (await new Promise((resolve) => {
        const timer = setTimeout(() => {
          this.waiting.delete(id);
          resolve(null);
        }, timeoutMs);
        this.waiting.set(id, (event) => {
          clearTimeout(timer);
          resolve(event);
        });
      }));
    this.early.delete(id);
    if (!ready) return { status: 'no AttachmentReady', acceptedMs };
    return {
      status: ready.attachment.status,
      detail: ready.attachment.error,
      acceptedMs,
      readyMs: ready.at - startedAt,
      endedAt: ready.at,
    };
  }

  close() {
    this.ws?.terminate();
    this.agent.destroy();
  }
}

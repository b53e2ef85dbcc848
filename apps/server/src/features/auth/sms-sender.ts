import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** Sends a text message to a phone (E.164). A real gateway plugs in here. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/**
 * The default sender: no message leaves the machine. Each one is logged and appended to
 * `DATA_DIR/sms.log` (one JSON line), so `npm start` can show the whole flow without a gateway
 * and tests read the codes back.
 */
export class LogSmsSender implements SmsSender {
  readonly file: string;

  constructor(
    dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.file = join(dataDir, 'sms.log');
  }

  async send(phone: string, text: string): Promise<void> {
    const line = JSON.stringify({ at: new Date().toISOString(), phone, text });
    await appendFile(this.file, `${line}\n`, 'utf8');
    this.log.info({ phone, file: this.file }, 'SMS written to the log instead of being sent');
  }
}

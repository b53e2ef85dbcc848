import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The texts the log-only SMS sender wrote for `phone` (DATA_DIR/sms.log), oldest first. */
export function smsTo(app: FastifyInstance, phone: string): string[] {
  const file = join(app.deps.config.dataDir, 'sms.log');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { phone: string; text: string })
    .filter((sms) => sms.phone === phone)
    .map((sms) => sms.text);
}

/** The newest confirmation code sent to `phone`. */
export function lastCode(app: FastifyInstance, phone: string): string {
  const code = /\b(\d{6})\b/.exec(smsTo(app, phone).at(-1) ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { parseMail, type CaughtMail } from './mail-parse';

export { codeIn, parseMail, tokenIn, type CaughtMail } from './mail-parse';

export interface MailCatcher {
  /** `smtp://127.0.0.1:{port}`: the SMTP_URL of the app under test. */
  url: string;
  /** Every mail received, oldest first. */
  mails: CaughtMail[];
  /** The mails to `address` (case aside). */
  to(address: string): CaughtMail[];
  /** Waits until `count` mails reached `address` (the job queue sends some after the answer). */
  waitFor(address: string, count?: number, timeoutMs?: number): Promise<CaughtMail[]>;
  close(): Promise<void>;
}

/**
 * An SMTP server in the test's own process (smtp-server) on an ephemeral port, without TLS or
 * authentication, keeping every mail it is handed.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        mails.push({ ...mail, to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) =>
    mails.filter((m) => m.to.some((a) => a.toLowerCase() === address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to,
    async waitFor(address, count = 1, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (to(address).length < count) {
        if (Date.now() > until)
          throw new Error(`${to(address).length} of ${count} mails reached ${address}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return to(address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The newest `.eml` file the file mailer wrote to `address`, or null: read from the newest back
 * and only until it is found, since a long test's folder holds thousands (the hostile sweep
 * mails two people for every world it builds, and reading them all made each world slower).
 */
export function lastMailFileTo(app: FastifyInstance, address: string): CaughtMail | null {
  const dir = join(app.deps.config.dataDir, 'mail');
  if (!existsSync(dir)) return null;
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  for (const name of names) {
    const mail = parseMail(readFileSync(join(dir, name), 'utf8'));
    if (mail.to.includes(address)) return mail;
  }
  return null;
}

import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Mail, Mailer } from './mailer';

/** The links of a mail's text, which the log shows (the way to follow a mail without a server). */
export function linksOf(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
}

/** Composes a mail as it would be sent, into a buffer (nodemailer's stream transport). */
const composer = (from: string) =>
  createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from });

/**
 * Mail without an SMTP server (no `SMTP_URL`), so `npm start` works alone: each mail is
 * composed by nodemailer's stream transport, exactly as it would be sent, and written to
 * `DATA_DIR/mail/` as an `.eml` file any mail program opens; its links are logged. The files
 * hold live codes and links: only the owner may read them.
 */
export class FileMailer implements Mailer {
  readonly dir: string;
  private readonly transport: ReturnType<typeof composer>;

  constructor(
    dataDir: string,
    from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.dir = join(dataDir, 'mail');
    this.transport = composer(from);
  }

  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail(mail);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Time first: the files sort in the order they were written.
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(this.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, info.message, { mode: 0o600 });
    this.log.info(
      { to: mail.to, subject: mail.subject, file, links: linksOf(mail.text) },
      'mail written to a file instead of being sent (no SMTP_URL)',
    );
  }

  close(): void {
    this.transport.close();
  }
}

import type { FastifyBaseLogger } from 'fastify';
import { FileMailer } from './file-mailer';
import type { MailConfig, Mailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

/** The site's mailer: SMTP when `SMTP_URL` is set, else files in `DATA_DIR/mail`. */
export function createMailer(config: MailConfig, dataDir: string, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.from)
    : new FileMailer(dataDir, config.from, log);
}

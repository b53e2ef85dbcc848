import { createTransport } from 'nodemailer';
import type { Mail, Mailer } from './mailer';

/**
 * Mail over SMTP (`SMTP_URL`, nodemailer): one connection a mail, given up on within the
 * timeouts below, so a silent server fails a send (and its job retries) instead of hanging it.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: ReturnType<typeof createTransport>;

  constructor(url: string, from: string) {
    // Options in the URL (`?tls.rejectUnauthorized=false`...) win over these.
    this.transport = createTransport(
      {
        url,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      },
      { from },
    );
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail(mail);
  }

  close(): void {
    this.transport.close();
  }
}

/** One mail to one address: the same words as plain text and as HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends mail (the port features use): over SMTP when `SMTP_URL` is set, else as `.eml` files in
 * `DATA_DIR/mail` with their links logged (create-mailer.ts). A failed send throws.
 */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Closes the transport's connections when the site stops. */
  close(): void;
}

/** The mail part of the config (config.ts reads SMTP_URL and MAIL_FROM). */
export interface MailConfig {
  /** `smtp://` or `smtps://` with the account and options; null: write files instead. */
  smtpUrl: string | null;
  /** The From header: `Name <address>` or a bare address. */
  from: string;
}

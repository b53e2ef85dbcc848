/**
 * Reading the mails the site writes (nodemailer's output), without the site: the server tests'
 * mail catcher and the browser journeys (which read DATA_DIR/mail) share it.
 */

/** A mail as a test reads it: decoded subject, text and HTML. */
export interface CaughtMail {
  /** The envelope's recipients (SMTP), or the To header (files). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/** The 6-digit code of a confirmation mail (shown on a line of its own). */
export function codeIn(mail: CaughtMail): string {
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/** The token of the mail's link to `path` (`email/confirm`, `password/reset`). */
export function tokenIn(mail: CaughtMail, path: string): string {
  const token = new RegExp(`/${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no ${path} link in: ${mail.text}`);
  return token;
}

// ---------------------------------------------------------------------------------------------
// Just enough MIME to read what nodemailer writes: headers (folded, encoded words), a
// multipart/alternative body, quoted-printable and base64 parts.

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintable(text.replace(/_/g, ' ')),
    );
}

function quotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '7bit').toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') return quotedPrintable(body);
  return body;
}

export function parseMail(raw: string): CaughtMail {
  const { headers, body } = splitHead(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const parts: { type: string; text: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitHead(chunk.replace(/^\r?\n/, ''));
      parts.push({
        type: part.headers.get('content-type') ?? 'text/plain',
        text: decodeBody(part.body, part.headers.get('content-transfer-encoding')).replace(
          /\r?\n$/,
          '',
        ),
      });
    }
  } else {
    parts.push({ type, text: decodeBody(body, headers.get('content-transfer-encoding')) });
  }
  const of = (kind: string) => parts.find((p) => p.type.startsWith(kind))?.text ?? '';
  return {
    to: (headers.get('to') ?? '').split(',').map((a) => a.trim()),
    from: decodeWords(headers.get('from') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: of('text/plain').replace(/\r\n/g, '\n'),
    html: of('text/html').replace(/\r\n/g, '\n'),
    raw,
  };
}

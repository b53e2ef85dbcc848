import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { parseMail, startMailCatcher, type MailCatcher } from '../../test/mail';
import { createMailer } from './create-mailer';
import { FileMailer, linksOf } from './file-mailer';
import { renderMail, type MailContent } from './mail-layout';
import { SmtpMailer } from './smtp-mailer';

const content: MailContent = {
  locale: 'ru',
  siteName: 'Чатик',
  subject: 'Проверка <почты> — Чатик',
  lead: ['Здравствуйте, <b>Ёжик</b> & "друзья"!'],
  code: '012345',
  action: { label: 'Открыть', url: 'https://chat.example/ru/email/confirm?token=abc_DEF-1&x=<y>' },
  after: ["It's <i>fine</i>."],
};
const mail = { to: 'hedgehog@example.test', ...renderMail(content) };

/** A logger that keeps what was logged at info level. */
function keepingLog(): { log: FastifyBaseLogger; lines: [Record<string, unknown>, string][] } {
  const lines: [Record<string, unknown>, string][] = [];
  const log = {
    info: (fields: Record<string, unknown>, message: string) => lines.push([fields, message]),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('the mail layout', () => {
  it('writes the same words as text and as HTML, escaping every value in the HTML', () => {
    expect(mail.text).toBe(
      [
        'Здравствуйте, <b>Ёжик</b> & "друзья"!',
        '012345',
        'Открыть:\nhttps://chat.example/ru/email/confirm?token=abc_DEF-1&x=<y>',
        "It's <i>fine</i>.",
        '— Чатик',
      ].join('\n\n') + '\n',
    );
    expect(mail.html).toContain('<html lang="ru">');
    expect(mail.html).toContain('Здравствуйте, &lt;b&gt;Ёжик&lt;/b&gt; &amp; &quot;друзья&quot;!');
    expect(mail.html).toContain('<title>Проверка &lt;почты&gt; — Чатик</title>');
    expect(mail.html).toContain(
      'href="https://chat.example/ru/email/confirm?token=abc_DEF-1&amp;x=&lt;y&gt;"',
    );
    expect(mail.html).toContain('It&#39;s &lt;i&gt;fine&lt;/i&gt;.');
    expect(mail.html).not.toMatch(/<(b|i|y)>/);
  });
});

describe('the file mailer (no SMTP_URL)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mail-test-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes each mail as an .eml file only its owner reads, and logs its links', async () => {
    const { log, lines } = keepingLog();
    const mailer = createMailer(
      { smtpUrl: null, from: '"Chatik" <no-reply@chat.example>' },
      dataDir,
      log,
    );
    expect(mailer).toBeInstanceOf(FileMailer);
    await mailer.send(mail);
    const dir = join(dataDir, 'mail');
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const file = join(dir, files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const raw = readFileSync(file, 'utf8');
    expect(raw).toContain('\r\n');
    const read = parseMail(raw);
    expect(read).toMatchObject({
      to: ['hedgehog@example.test'],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    expect(read.from).toContain('no-reply@chat.example');
    expect(lines).toHaveLength(1);
    expect(lines[0]![0]).toMatchObject({
      to: 'hedgehog@example.test',
      file,
      links: ['https://chat.example/ru/email/confirm?token=abc_DEF-1&x='],
    });
    mailer.close();
  });

  it('finds the links of a text', () => {
    expect(
      linksOf('Open http://localhost:8080/en/x?token=a-b_c now, or https://e.example/.'),
    ).toEqual(['http://localhost:8080/en/x?token=a-b_c', 'https://e.example/.']);
  });
});

describe('the SMTP mailer', () => {
  let smtp: MailCatcher;
  beforeAll(async () => {
    smtp = await startMailCatcher();
  });
  afterAll(async () => smtp.close());

  it('hands the mail to the SMTP server of SMTP_URL, from MAIL_FROM', async () => {
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: '"Чатик" <robot@chat.example>' },
      '/nonexistent',
      keepingLog().log,
    );
    expect(mailer).toBeInstanceOf(SmtpMailer);
    await mailer.send(mail);
    const [got] = await smtp.waitFor('hedgehog@example.test');
    expect(got).toMatchObject({ subject: mail.subject, text: mail.text, html: mail.html });
    expect(got!.from).toBe('Чатик <robot@chat.example>');
    mailer.close();
  });

  it('fails a send the server does not take', async () => {
    const mailer = new SmtpMailer('smtp://127.0.0.1:1', 'robot@chat.example');
    await expect(mailer.send(mail)).rejects.toThrow();
    mailer.close();
  });
});

describe('the mail config (SMTP_URL, MAIL_FROM)', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'mail-config-'));

  it('writes files from no-reply at the public host unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://chat.example' }).mail).toEqual({
      smtpUrl: null,
      from: '"Chatik" <no-reply@chat.example>',
    });
    const told = loadConfig({
      DATA_DIR: dataDir(),
      SMTP_URL: 'smtps://robot:secret@smtp.example:465',
      MAIL_FROM: 'Чатик <robot@chat.example>',
    });
    expect(told.mail).toEqual({
      smtpUrl: 'smtps://robot:secret@smtp.example:465',
      from: 'Чатик <robot@chat.example>',
    });
  });

  it('refuses another scheme and a sender that is no address or breaks the header', () => {
    for (const env of [
      { SMTP_URL: 'http://smtp.example' },
      { SMTP_URL: 'smtp://' },
      { MAIL_FROM: 'nobody' },
      { MAIL_FROM: 'a@b.example\r\nBcc: all@example.test' },
    ])
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
  });
});

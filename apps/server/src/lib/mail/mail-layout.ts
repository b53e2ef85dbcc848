import type { Locale } from '@chat/shared';

/**
 * What a mail says, as a feature writes it: plain paragraphs (nothing in them is markup), an
 * optional code to type and an optional link to follow. renderMail makes the text and the HTML
 * of the same words, so the two never drift apart.
 */
export interface MailContent {
  locale: Locale;
  siteName: string;
  subject: string;
  /** Paragraphs before the code and the link. */
  lead: string[];
  /** A code to type back, shown large. */
  code?: string;
  /** A link to follow: a button in the HTML, its address on a line of its own in the text. */
  action?: { label: string; url: string };
  /** Paragraphs after them: how long it lasts, what to do if it was not you. */
  after: string[];
}

/** Every value of a mail goes through this: nicks and addresses are what people typed. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  return { subject: content.subject, text: textOf(content), html: htmlOf(content) };
}

function textOf(c: MailContent): string {
  const parts = [...c.lead];
  if (c.code) parts.push(c.code);
  if (c.action) parts.push(`${c.action.label}:\n${c.action.url}`);
  parts.push(...c.after, `— ${c.siteName}`);
  return `${parts.join('\n\n')}\n`;
}

// Inline styles only: mail programs drop <style> blocks and never load outside stylesheets.
const BODY = 'margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif';
const CARD =
  'max-width:520px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;color:#212529;font-size:15px;line-height:1.5';
const SITE = 'margin:0 0 16px;font-size:20px;font-weight:bold;color:#0d6efd';
const CODE =
  'margin:16px 0;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:Consolas,Menlo,monospace';
const BUTTON =
  'display:inline-block;padding:10px 20px;background:#0d6efd;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold';
const SMALL = 'margin:16px 0 0;font-size:13px;color:#6c757d;word-break:break-all';

function htmlOf(c: MailContent): string {
  const p = (text: string, style = 'margin:0 0 12px') =>
    `<p style="${style}">${escapeHtml(text)}</p>`;
  const body = [
    `<p style="${SITE}">${escapeHtml(c.siteName)}</p>`,
    ...c.lead.map((text) => p(text)),
    c.code ? `<p style="${CODE}">${escapeHtml(c.code)}</p>` : '',
    c.action
      ? `<p style="margin:16px 0"><a href="${escapeHtml(c.action.url)}" style="${BUTTON}">${escapeHtml(c.action.label)}</a></p>` +
        p(c.action.url, SMALL)
      : '',
    ...c.after.map((text) => p(text, 'margin:12px 0 0;font-size:13px;color:#6c757d')),
  ].join('\n');
  return [
    '<!DOCTYPE html>',
    `<html lang="${c.locale}"><head><meta charset="utf-8"><title>${escapeHtml(c.subject)}</title></head>`,
    `<body style="${BODY}"><div style="${CARD}">`,
    body,
    '</div></body></html>',
    '',
  ].join('\n');
}

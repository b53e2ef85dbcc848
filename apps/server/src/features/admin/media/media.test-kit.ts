import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';

/** A multipart body from fields and one file, bytes as they are (InjectOptions' headers and payload). */
export function form(
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; bytes: Buffer },
): Pick<InjectOptions, 'headers' | 'payload'> {
  const boundary = `----media${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  };
}

export const png = () =>
  sharp({
    create: {
      width: 96,
      height: 96,
      channels: 4,
      background: { r: 200, g: 40, b: 90, alpha: 0.5 },
    },
  })
    .png()
    .toBuffer();

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="96" height="96">' +
    '<script>alert(document.cookie)</script><circle cx="48" cy="48" r="40"/></svg>',
);

export const HTML_PAGE = Buffer.from(
  '<!doctype html><html><body><script>fetch("/api/my")</script></body></html>',
);

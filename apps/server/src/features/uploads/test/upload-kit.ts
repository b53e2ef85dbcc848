import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Attachment } from '@chat/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { recordEvents } from '../../../test/chat-fixtures';
import type { Client } from '../../../test/factories';

export interface FilePart {
  name?: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body: fields, then file parts. */
export function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name ?? 'file'}"; filename="${f.filename ?? 'picture'}"\r\n` +
          `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
        'latin1',
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const upload = (
  client: Client,
  data: Buffer,
  fields: Record<string, string> = {},
  file: Partial<FilePart> = {},
): Promise<LightMyRequestResponse> =>
  client.asBrowser({
    method: 'POST',
    url: '/api/upload',
    ...multipart(fields, [{ ...file, data }]),
  });

/** Waits for `attachment.ready` of one attachment (processing runs on the job queue). */
export function readiness(app: FastifyInstance) {
  const seen = recordEvents(app, 'attachment.ready');
  return async (id: number, ms = 15_000): Promise<Attachment> => {
    const end = Date.now() + ms;
    for (;;) {
      const hit = seen.find((e) => e.attachment.id === id);
      if (hit) return hit.attachment;
      if (Date.now() > end) throw new Error(`attachment ${id} never became ready`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
}

/** Every file under DATA_DIR/storage (relative paths). */
export function storedFiles(app: FastifyInstance): string[] {
  const root = join(app.deps.config.dataDir, 'storage');
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(join(dir, e.name), `${prefix}${e.name}/`);
      else out.push(`${prefix}${e.name}`);
    }
  };
  walk(root, '');
  // The site's default sounds are written at start (admin/media/wav.ts), not by an upload.
  return out.filter((f) => !f.startsWith('sounds/default-')).sort();
}

export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

export const noisyJpeg = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: 'black',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

/** A phone photo: sideways (EXIF orientation 6) with GPS coordinates in its EXIF. */
export const jpegWithGps = () =>
  sharp({ create: { width: 400, height: 200, channels: 3, background: 'green' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Snap 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

export async function animatedGif(): Promise<Buffer> {
  const frame = (background: string) =>
    sharp({ create: { width: 40, height: 30, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp([await frame('red'), await frame('blue')], { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** An animation of flat frames, one per colour, as GIF or WebP. */
export async function animation(
  colours: string[],
  format: 'gif' | 'webp' = 'gif',
  side = 48,
): Promise<Buffer> {
  const frames = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width: side, height: side, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  const joined = sharp(frames, { join: { animated: true } });
  return (format === 'gif' ? joined.gif() : joined.webp({ lossless: true })).toBuffer();
}

/**
 * A GIF built byte by byte: a `width`×`height` canvas and `frames` frames of one pixel each,
 * how a file of a kilobyte announces an animation of millions of pixels (issue 19).
 */
export function sparseGif(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.alloc(13);
  screen.write('GIF89a', 0, 'latin1');
  screen.writeUInt16LE(width, 6);
  screen.writeUInt16LE(height, 8);
  screen[10] = 0x80; // a global colour table of two colours
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const loop = Buffer.concat([
    Buffer.from([0x21, 0xff, 0x0b]),
    Buffer.from('NETSCAPE2.0', 'latin1'),
    Buffer.from([0x03, 0x01, 0x00, 0x00, 0x00]),
  ]);
  const frame = Buffer.from([
    ...[0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00], // 100 ms
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00], // one pixel at the top left
    ...[0x02, 0x02, 0x44, 0x01, 0x00], // its LZW data: clear, colour 0, end
  ]);
  const body = Buffer.alloc(frame.length * frames);
  for (let i = 0; i < frames; i++) frame.copy(body, i * frame.length);
  return Buffer.concat([screen, palette, loop, body, Buffer.from([0x3b])]);
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A grey PNG built byte by byte (no sharp): `rows` rows of pixel data under its header. */
export function greyPng(side: number, rows = side): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const data = deflateSync(Buffer.alloc((side + 1) * rows));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A decompression bomb: a PNG of a few hundred bytes whose header says 50,000×50,000 grey
 * pixels (2.5 gigapixels). Its IDAT holds only a few rows; decoding it would try for all.
 */
export const pngBomb = (side = 50_000) => greyPng(side, 4);

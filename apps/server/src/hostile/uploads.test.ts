/**
 * Hostile uploads: each one refused in the envelope (or ending as an `error` attachment),
 * nothing stored, and the server still answering.
 */
import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Attachment } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { testDialects } from '../test/databases';
import { buildUser, json, signedIn, type Client } from '../test/factories';
import {
  multipart,
  noisyJpeg,
  png,
  pngBomb,
  readiness,
  sparseGif,
  storedFiles,
  upload,
} from '../features/uploads/test/upload-kit';
import { expectError } from './kit';

const dialects = await testDialects();
const MAX = 1024 * 1024;

describe.each(dialects)('hostile uploads on %s', (dialect) => {
  let t: TestApp;
  let ready: ReturnType<typeof readiness>;
  let alice: Client;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { ADULT_CLASSIFIER: 'off', UPLOAD_MAX_BYTES: String(MAX) });
    ready = readiness(t.app);
    alice = await signedIn(t.app, await buildUser(t.app));
  });
  afterAll(async () => t.close());

  const attachmentCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('attachments')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** The call is refused with `status`, and neither a row nor a file appears. */
  const refusedClean = async (
    call: () => Promise<Parameters<typeof expectError>[0]>,
    status: number,
  ) => {
    const rows = await attachmentCount();
    const files = storedFiles(t.app);
    const res = await call();
    const envelope = expectError(res, status);
    expect(await attachmentCount()).toBe(rows);
    expect(storedFiles(t.app)).toEqual(files);
    return envelope;
  };
  const stillUp = async () => {
    const res = await upload(alice, await png(4, 4));
    expect(res.statusCode).toBe(202);
    await ready(json<{ data: Attachment }>(res).data.id);
  };

  it('refuses a 2 GB stream at the limit, reading little of it and storing nothing', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    const boundary = 'xxBOUNDARYxx';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    const TOTAL = 2 * 1024 ** 3;
    let produced = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    async function* body() {
      yield head;
      while (produced < TOTAL) {
        produced += chunk.length;
        yield chunk;
      }
    }
    const rows = await attachmentCount();
    const heapBefore = process.memoryUsage().rss;
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/upload',
          headers: {
            authorization: `Bearer ${alice.token}`,
            'x-localization': 'en',
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + TOTAL),
          },
        },
        (response) => {
          let text = '';
          response.on('data', (d: Buffer) => (text += d.toString()));
          response.on('end', () => {
            resolve({ status: response.statusCode ?? 0, body: text });
            req.destroy();
          });
        },
      );
      // The server closes the connection after its answer; writing into it then fails.
      req.on('error', (error) => {
        if (produced < TOTAL) return;
        reject(error);
      });
      const source = body();
      const pump = async () => {
        for await (const c of source) {
          if (req.destroyed) return;
          if (!req.write(c)) await new Promise((r) => req.once('drain', r).once('close', r));
        }
        req.end();
      };
      void pump();
    });
    expect(res.status, res.body).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'too_large', message: 'Too large file.' });
    // Stopped near the limit: far less than the 2 GB offered was ever produced.
    expect(produced).toBeLessThan(64 * MAX);
    expect(process.memoryUsage().rss - heapBefore).toBeLessThan(200 * 1024 * 1024);
    expect(await attachmentCount()).toBe(rows);
    expect(storedFiles(t.app)).toEqual([]);
    // The partial temporary file is gone too.
    const tmp = join(t.app.deps.config.dataDir, 'tmp');
    expect(
      readdirSync(tmp, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()),
    ).toEqual([]);
    await stillUp();
  }, 60_000);

  it('refuses a file just over the limit through inject too', async () => {
    const env = await refusedClean(() => upload(alice, Buffer.alloc(MAX + 1, 0x89)), 413);
    expect(env.code).toBe('too_large');
  });

  it('refuses an HTML file behind a PNG header', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    ]);
    const env = await refusedClean(
      () => upload(alice, fake, {}, { type: 'image/png', filename: 'a.png' }),
      422,
    );
    expect(Object.keys(env.errors ?? {})).toEqual(['file']);
  });

  it('refuses SVG, scripted or not', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
        '<script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    await refusedClean(
      () => upload(alice, svg, {}, { type: 'image/svg+xml', filename: 'x.svg' }),
      422,
    );
    await refusedClean(() => upload(alice, svg.subarray(21), {}, { type: 'image/png' }), 422);
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(2000);
    const started = Date.now();
    const rss = process.memoryUsage().rss;
    const env = await refusedClean(() => upload(alice, bomb), 422);
    expect(env.errors?.file?.[0]).toMatch(/pixels|разрешение/);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses at upload an animation over 300 frames, or whose canvas counted per frame is over budget', async () => {
    // Its own account: the other cases use up much of alice's minute of uploads.
    const carol = await signedIn(t.app, await buildUser(t.app));
    const say = (data: Buffer, locale: 'en' | 'ru') => () => {
      const form = multipart({}, [{ data }]);
      return carol.asBrowser({
        method: 'POST',
        url: '/api/upload',
        payload: form.payload,
        headers: { ...form.headers, 'x-localization': locale },
      });
    };
    // 1 KB announcing 47 frames of 1024×1024 (49 million pixels to decode and encode twice).
    const sparse = sparseGif(1024, 1024, 47);
    expect(sparse.length).toBeLessThan(1200);
    const started = Date.now();
    const wide = await refusedClean(say(sparse, 'en'), 422);
    expect(wide.errors?.file).toEqual(['The picture is too large in pixels.']);
    expect(Date.now() - started).toBeLessThan(2000);
    // Frames without end on a tiny canvas: refused by their number.
    const long = await refusedClean(say(sparseGif(2, 2, 301), 'ru'), 422);
    expect(long.errors?.file).toEqual(['В анимации слишком много кадров (не больше 300).']);
    expect((await refusedClean(say(sparseGif(2, 2, 20_000), 'en'), 422)).errors?.file).toEqual([
      'The animation has too many frames (at most 300).',
    ]);
    // At the limits it goes through, animated.
    const res = await upload(carol, sparseGif(2, 2, 300));
    expect(res.statusCode, res.body).toBe(202);
    expect(await ready(json<{ data: Attachment }>(res).data.id)).toMatchObject({
      status: 'complete',
      mime: 'image/gif',
    });
  });

  it('ends a truncated JPEG as an error attachment and stores nothing of it', async () => {
    const whole = await noisyJpeg(300, 200);
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    const res = await upload(alice, cut);
    expect(res.statusCode).toBe(202);
    const done = await ready(json<{ data: Attachment }>(res).data.id);
    expect(done).toMatchObject({ status: 'error', error: 'broken', url: null, thumb_url: null });
    expect(storedFiles(t.app).filter((f) => f.startsWith('originals/'))).toEqual([]);
    await expect(
      t.app.deps.attachments.claim(alice.user.id, [done.id], { publicChat: false }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('names the stored file itself, whatever the client called it', async () => {
    const res = await upload(alice, await png(6, 6), {}, { filename: '../../etc/passwd\0.php' });
    expect(res.statusCode).toBe(202);
    const done = await ready(json<{ data: Attachment }>(res).data.id);
    expect(done.url).toMatch(/^\/storage\/files\/[\w-]{22}\.png$/);
    expect(storedFiles(t.app).every((f) => /^files\/[\w-]{22}\.(png|jpg|gif|webp)$/.test(f))).toBe(
      true,
    );
  });

  it('refuses bodies that are not one file in a multipart form', async () => {
    // JSON, a form, plain text: no file.
    await refusedClean(
      () => alice.asBrowser({ method: 'POST', url: '/api/upload', payload: { file: 'x' } }),
      422,
    );
    await refusedClean(
      () =>
        alice.asBrowser({
          method: 'POST',
          url: '/api/upload',
          payload: 'file=abc',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      422,
    );
    await refusedClean(
      () =>
        alice.asBrowser({
          method: 'POST',
          url: '/api/upload',
          payload: 'hello',
          headers: { 'content-type': 'text/plain' },
        }),
      422,
    );
    // A form without a file part, with the file under another name, with two files.
    const noFile = await refusedClean(
      () =>
        alice.asBrowser({
          method: 'POST',
          url: '/api/upload',
          ...multipart({ purpose: 'attachment' }, []),
        }),
      422,
    );
    expect(Object.keys(noFile.errors ?? {})).toEqual(['file']);
    const pic = await png(4, 4);
    await refusedClean(
      () =>
        alice.asBrowser({
          method: 'POST',
          url: '/api/upload',
          ...multipart({}, [{ name: 'avatar', data: pic }]),
        }),
      422,
    );
    const two = await refusedClean(
      () =>
        alice.asBrowser({
          method: 'POST',
          url: '/api/upload',
          ...multipart({}, [{ data: pic }, { data: pic }]),
        }),
      422,
    );
    expect(Object.keys(two.errors ?? {})).toEqual(['file']);
    // A broken multipart body, and bad field values.
    await refusedClean(
      () =>
        alice.asBrowser({
          method: 'POST',
          url: '/api/upload',
          payload: '--nope\r\ngarbage',
          headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
        }),
      422,
    );
    await refusedClean(() => upload(alice, pic, { purpose: '<script>' }), 422);
    // Method override names a method this URL does not have: never the upload.
    await refusedClean(() => upload(alice, pic, { _method: 'DELETE' }), 404);
    const proto = JSON.parse('{"__proto__":"x","constructor":"y"}') as Record<string, string>;
    await refusedClean(() => upload(alice, pic, proto), 422);
    await stillUp();
  });

  it('asks for a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      ...multipart({}, [{ data: await png(3, 3) }]),
    });
    expectError(res, 401);
  });

  it('answers 429 before the 100th upload of a minute', async () => {
    const mallory = await signedIn(t.app, await buildUser(t.app));
    const junk = Buffer.from('<html>not a picture</html>');
    let limitedAt = 0;
    for (let i = 1; i <= 100 && !limitedAt; i++) {
      const res = await upload(mallory, junk);
      if (res.statusCode === 429) limitedAt = i;
      else expect(res.statusCode).toBe(422);
    }
    expect(limitedAt).toBeGreaterThan(1);
    expect(limitedAt).toBeLessThan(100);
    expectError(await upload(mallory, await png(3, 3)), 429, 'too_many_requests');
  });

  it("404s someone else's unlinked attachment", async () => {
    const res = await upload(alice, await png(5, 5));
    const id = json<{ data: Attachment }>(res).data.id;
    await ready(id);
    const eve = await signedIn(t.app, await buildUser(t.app));
    expectError(await eve.asBrowser({ method: 'GET', url: `/api/upload/${id}` }), 404);
    await expect(
      t.app.deps.attachments.claim(eve.user.id, [id], { publicChat: false }),
    ).rejects.toMatchObject({
      status: 422,
      options: { errors: { attachments: ['attachments.invalid'] } },
    });
  });
});

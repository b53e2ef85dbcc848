import type { Attachment } from '@chat/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import {
  animatedGif,
  jpegWithGps,
  multipart,
  png,
  readiness,
  storedFiles,
  upload,
} from './test/upload-kit';

const dialects = await testDialects();

describe.each(dialects)('uploads on %s', (dialect) => {
  let t: TestApp;
  let ready: ReturnType<typeof readiness>;
  let alice: Client;
  let bob: Client;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { ADULT_CLASSIFIER: 'off' });
    ready = readiness(t.app);
    alice = await signedIn(t.app, await buildUser(t.app));
    bob = await signedIn(t.app, await buildUser(t.app));
  });
  afterAll(async () => t.close());

  const accepted = async (client: Client, data: Buffer, fields: Record<string, string> = {}) => {
    const res = await upload(client, data, fields);
    expect(res.statusCode, res.body).toBe(202);
    const sent = json<{ data: Attachment }>(res).data;
    expect(sent.status).toBe('in-process');
    expect(sent.url).toBeNull();
    return ready(sent.id);
  };
  const fetchFile = async (url: string) => t.app.inject({ method: 'GET', url });

  it('stores a picture re-encoded, bounded, with a thumbnail, served with the right headers', async () => {
    const done = await accepted(alice, await png(3000, 1000));
    expect(done).toMatchObject({ status: 'complete', mime: 'image/png', width: 2048, adult: 0 });
    expect(done.height).toBe(683);
    expect(done.url).toMatch(/^\/storage\/files\/[\w-]{22}\.png$/);
    expect(done.thumb_url).toMatch(/^\/storage\/files\/[\w-]{22}\.png$/);

    const file = await fetchFile(done.url!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.length).toBe(done.size);
    const thumb = await sharp((await fetchFile(done.thumb_url!)).rawPayload).metadata();
    expect(Math.max(thumb.width, thumb.height)).toBe(320);

    // The original went to storage under originals/ and is gone after processing.
    expect(storedFiles(t.app).filter((f) => f.startsWith('originals/'))).toEqual([]);
    expect(
      (await alice.asBrowser({ method: 'GET', url: `/api/upload/${done.id}` })).statusCode,
    ).toBe(200);
  });

  it('applies EXIF orientation and strips metadata and GPS', async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    const done = await accepted(alice, input);
    expect(done).toMatchObject({ mime: 'image/jpeg', width: 200, height: 400 });
    const after = await sharp((await fetchFile(done.url!)).rawPayload).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([200, 400]);
  });

  it('keeps an animated GIF animated', async () => {
    const done = await accepted(alice, await animatedGif());
    expect(done).toMatchObject({ mime: 'image/gif', width: 40, height: 30 });
    const out = await sharp((await fetchFile(done.url!)).rawPayload, { animated: true }).metadata();
    expect(out.pages).toBe(2);
  });

  it('serves nothing but processed pictures from /storage', async () => {
    for (const url of [
      '/storage/originals/abc',
      '/storage/originals/abc.png',
      '/storage/../secrets.json',
      '/storage/%2e%2e/secrets.json',
      '/storage/files/nope.png',
      '/storage/files/x.svg',
      '/storage/secrets.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('appKey');
    }
  });

  describe('attachments service', () => {
    it('claims own complete pictures in order, once each, and refuses the rest', async () => {
      const a = await accepted(alice, await png(10, 10));
      const b = await accepted(alice, await png(12, 12));
      const { attachments } = t.app.deps;
      const claimed = await attachments.claim(alice.user.id, [b.id, a.id, b.id], {
        publicChat: true,
      });
      expect(claimed.map((x) => x.id)).toEqual([b.id, a.id]);
      expect(await attachments.claim(alice.user.id, [], { publicChat: true })).toEqual([]);

      // Someone else's id, an unknown id, an unfinished upload: 422 errors.attachments.
      await expect(
        attachments.claim(bob.user.id, [a.id], { publicChat: false }),
      ).rejects.toMatchObject({
        status: 422,
        options: { errors: { attachments: ['attachments.invalid'] } },
      });
      await expect(
        attachments.claim(alice.user.id, [999_999], { publicChat: false }),
      ).rejects.toMatchObject({ status: 422 });
      // With the workers paused the picture stays in process, so the claim meets it unfinished.
      await t.app.deps.jobs.stop();
      const pending = json<{ data: Attachment }>(await upload(alice, await png(9, 9))).data;
      await expect(
        attachments.claim(alice.user.id, [pending.id], { publicChat: false }),
      ).rejects.toMatchObject({ status: 422 });
      await t.app.deps.jobs.start();
      await ready(pending.id);
    });

    it('keeps a picture marked 18+ out of the public chat but not out of private messages', async () => {
      const adult = await accepted(alice, await png(16, 16), { adult: '1' });
      expect(adult.adult).toBe(1);
      const { attachments } = t.app.deps;
      await expect(
        attachments.claim(alice.user.id, [adult.id], { publicChat: true }),
      ).rejects.toMatchObject({
        status: 422,
        options: {
          messageKey: 'attachments.adult',
          errors: { attachments: ['attachments.adult'] },
        },
      });
      const sent = await attachments.claim(alice.user.id, [adult.id], { publicChat: false });
      expect(sent[0]).toMatchObject({ id: adult.id, adult: 1 });
    });

    it("shows someone else's attachment only once it is linked to something they may see", async () => {
      const pic = await accepted(alice, await png(8, 8));
      const look = () => bob.asBrowser({ method: 'GET', url: `/api/upload/${pic.id}` });
      expect((await look()).statusCode).toBe(404);
      const { attachments } = t.app.deps;
      const allowed = new Set<number>();
      attachments.registerVisibility(
        'im',
        async (viewerId, refId) => allowed.has(refId) && viewerId === bob.user.id,
      );
      await attachments.link([pic.id, pic.id], 'im', 77);
      await attachments.link([pic.id], 'im', 77);
      expect((await look()).statusCode).toBe(404);
      allowed.add(77);
      const seen = await look();
      expect(seen.statusCode).toBe(200);
      expect(json<{ data: Attachment }>(seen).data.url).toBe(pic.url);
      expect((await bob.asBrowser({ method: 'GET', url: '/api/upload/999999' })).statusCode).toBe(
        404,
      );
    });
  });

  it('tells the uploader alone, on private-user.{id}, with AttachmentReady', async () => {
    const send = vi.spyOn(t.app.deps.broadcaster, 'send');
    const res = await alice.asBrowser({
      method: 'POST',
      url: '/api/upload',
      ...multipart({ purpose: 'photo' }, [{ data: await png(5, 5) }]),
    });
    expect(res.statusCode).toBe(202);
    const done = await ready(json<{ data: Attachment }>(res).data.id);
    const calls = send.mock.calls.filter((c) => c[1] === 'AttachmentReady');
    expect(calls).toEqual([[`private-user.${alice.user.id}`, 'AttachmentReady', done]]);
    send.mockRestore();
  });
});

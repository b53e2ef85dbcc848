/**
 * Issue 19, point 13: the classifier judges several frames of an animation, and a picture it
 * could not judge is held out of the public rooms like an 18+ one. The model is replaced by a
 * fake that reads colours (red: explicit, magenta: the model fails), so the tests are fast and
 * say exactly which frame was seen; adult-classifier.test.ts runs the real model.
 */
import type { Attachment } from '@chat/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildRoom, clientId, memberOf } from '../../../test/chat-fixtures';
import { testDialects } from '../../../test/databases';
import { json, type Client } from '../../../test/factories';
import { animation, png, readiness, upload } from '../test/upload-kit';

const fake = vi.hoisted(() => {
  const NEUTRAL = { Drawing: 0.01, Hentai: 0.01, Neutral: 0.96, Porn: 0.01, Sexy: 0.01 };
  const EXPLICIT = { Drawing: 0.01, Hentai: 0.01, Neutral: 0.02, Porn: 0.95, Sexy: 0.01 };
  // calls: frames judged (a picture's frames come in one call).
  const state = { calls: 0 };
  class FakeClassifier {
    async classify(frames: Uint8Array[]) {
      return frames.map((pixels) => {
        state.calls += 1;
        let [r, g, b] = [0, 0, 0];
        for (let i = 0; i < pixels.length; i += 3) {
          r += pixels[i]!;
          g += pixels[i + 1]!;
          b += pixels[i + 2]!;
        }
        const n = pixels.length / 3;
        [r, g, b] = [r / n, g / n, b / n];
        if (r > 200 && g < 60 && b > 200) throw new Error('the model broke');
        return r > 200 && g < 60 && b < 60 ? EXPLICIT : NEUTRAL;
      });
    }
    async close() {}
  }
  return { state, FakeClassifier };
});

vi.mock('./adult-classifier', () => ({ NsfwClassifier: fake.FakeClassifier }));

const dialects = await testDialects();

describe.each(dialects)('adult classifier on animations and failures on %s', (dialect) => {
  let t: TestApp;
  let ready: ReturnType<typeof readiness>;
  let anna: Client;
  let roomId: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { ADULT_CLASSIFIER: 'on', UPLOADS_PER_MINUTE: '100' });
    ready = readiness(t.app);
    roomId = (await buildRoom(t.app)).id;
    anna = await memberOf(t.app, roomId);
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    fake.state.calls = 0;
  });

  const processed = async (data: Buffer): Promise<Attachment> => {
    const res = await upload(anna, data);
    expect(res.statusCode, res.body).toBe(202);
    return ready(json<{ data: Attachment }>(res).data.id);
  };
  /** Posting it to a public room: the answer's status and its attachments error. */
  const toRoom = async (id: number) => {
    const res = await anna.asBrowser({
      method: 'POST',
      url: `/api/room/${roomId}/message`,
      headers: { 'x-localization': 'en' },
      payload: { text: 'look', client_id: clientId(), attachments: [id] },
    });
    const body = json<{ errors?: { attachments?: string[] } }>(res);
    return { status: res.statusCode, error: body.errors?.attachments?.[0] };
  };
  const privately = (id: number) =>
    t.app.deps.attachments.claim(anna.user.id, [id], { publicChat: false });

  it('finds an explicit frame in the middle of a GIF whose first frame is harmless', async () => {
    // Eight frames; the classifier looks at four of them spread over it (0, 2, 5 and 7).
    const gif = await animation(['blue', 'green', 'blue', 'green', 'blue', 'red', 'blue', 'green']);
    const done = await processed(gif);
    expect(done).toMatchObject({ status: 'complete', mime: 'image/gif', adult: 1 });
    expect(fake.state.calls).toBeLessThanOrEqual(4);
    expect(await toRoom(done.id)).toEqual({
      status: 422,
      error: 'This picture is for adults and cannot be sent to the public chat.',
    });
    await expect(privately(done.id)).resolves.toMatchObject([{ id: done.id, adult: 1 }]);
  });

  it('finds an explicit last frame of an animated WebP', async () => {
    const webp = await animation(['green', 'blue', 'green', 'blue', 'green', 'red'], 'webp');
    expect(await processed(webp)).toMatchObject({ mime: 'image/webp', adult: 1 });
  });

  it('looks at four frames of a long harmless animation, and lets it into the public chat', async () => {
    const frames = Array.from({ length: 30 }, (_, i) => (i % 2 ? 'blue' : 'green'));
    const done = await processed(await animation(frames));
    expect(done.adult).toBe(0);
    expect(fake.state.calls).toBe(4);
    expect((await toRoom(done.id)).status).toBe(201);
  });

  it('holds a picture it could not classify out of the public chat, not out of private messages', async () => {
    // A flat magenta picture: the fake model fails on it.
    const magenta = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#ff00ff' },
    })
      .png()
      .toBuffer();
    const done = await processed(magenta);
    expect(done).toMatchObject({ status: 'complete', adult: 1 });
    expect(await toRoom(done.id)).toEqual({
      status: 422,
      error: 'This picture is for adults and cannot be sent to the public chat.',
    });
    await expect(privately(done.id)).resolves.toMatchObject([{ id: done.id, adult: 1 }]);
    // A picture the model judges harmless still goes to the public chat.
    const fine = await processed(await png(40, 40));
    expect(fine.adult).toBe(0);
    expect((await toRoom(fine.id)).status).toBe(201);
  });
});

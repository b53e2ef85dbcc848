import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../../app';
import { classifierPixels } from '../image-processor';
import { NsfwClassifier } from './adult-classifier';
import { isAdult, type AdultScores } from './adult-rule';

const SMILEYS = join(SERVER_ROOT, 'assets/smileys');

const flat = (r: number, g: number, b: number) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** The real model (nsfwjs MobileNetV2 on ONNX Runtime) in its worker thread. */
describe('adult classifier', () => {
  const classifier = new NsfwClassifier(pino({ level: 'silent' }));
  afterAll(async () => classifier.close());

  it('scores generated pictures in the worker and calls flat drawings safe', async () => {
    const drawing = await sharp(await flat(250, 250, 250))
      .composite([
        {
          input: Buffer.from(
            '<svg width="300" height="200"><circle cx="150" cy="100" r="60" fill="#3060c0"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const started = Date.now();
    const [first] = await classifier.classify([await classifierPixels(drawing, 50_000_000)]);
    const loadAndFirst = Date.now() - started;
    const times: number[] = [];
    for (const picture of [await flat(200, 40, 40), await flat(40, 180, 90), drawing]) {
      const pixels = await classifierPixels(picture, 50_000_000);
      const t = performance.now();
      const [scores] = await classifier.classify([pixels]);
      times.push(performance.now() - t);
      if (!scores) throw new Error('no scores');
      const sum = scores.Drawing + scores.Hentai + scores.Neutral + scores.Porn + scores.Sexy;
      expect(sum).toBeGreaterThan(0.98);
      expect(sum).toBeLessThan(1.02);
      expect(isAdult(scores)).toBe(false);
    }
    expect(first && isAdult(first)).toBe(false);
    // Our own smileys are transparent drawings of hands and faces; read without their
    // transparency laid on white, the thumbs-up scored 0.97 "hentai".
    for (const smiley of ['thumbs_up.svg', 'thumbs_down.svg', 'wave.svg']) {
      const svg = readFileSync(join(SMILEYS, smiley));
      const thumb = await sharp(svg).resize(256, 256).png().toBuffer();
      const scores = await classifier.classify([await classifierPixels(thumb, 50_000_000)]);
      expect(scores.map(isAdult)).toEqual([false]);
    }
    console.log(
      `adult classifier: first call (model load) ${loadAndFirst} ms, then ${times.map((t) => t.toFixed(0)).join(', ')} ms per picture`,
    );
  }, 120_000);

  it('answers a batch of frames as it answers each alone, and keeps no tensors', async () => {
    const pictures = [await flat(200, 40, 40), await flat(40, 180, 90), await flat(250, 250, 250)];
    const frames = await Promise.all(pictures.map((p) => classifierPixels(p, 50_000_000)));
    const alone: AdultScores[] = [];
    for (const frame of frames) alone.push(...(await classifier.classify([frame])));
    const before = await classifier.stats();
    // One picture's frames in one call, and two pictures asked at once (one batch, or two).
    const [together, a, b] = await Promise.all([
      classifier.classify(frames),
      classifier.classify([frames[0]!]),
      classifier.classify(frames.slice(1)),
    ]);
    for (const [i, scores] of [together, [...a, ...b]].entries()) {
      expect(scores, `run ${i}`).toHaveLength(3);
      scores.forEach((s, j) => {
        for (const name of ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const)
          expect(s[name]).toBeCloseTo(alone[j]![name], 4);
      });
    }
    const after = await classifier.stats();
    expect(after.numTensors).toBe(before.numTensors);
    expect(after.frames - before.frames).toBe(6);
    // Where onnxruntime-node ships a binary (CI's Linux x64 among them) it must be what runs.
    expect(after.runtime).toMatch(/^onnxruntime-node \d/);
    expect(after.threads).toBe(1);
  }, 120_000);
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../../app';
import { classifierPixels } from '../image-processor';
import { NsfwClassifier } from './adult-classifier';
import { isAdult } from './adult-rule';

const SMILEYS = join(SERVER_ROOT, 'assets/smileys');

const flat = (r: number, g: number, b: number) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** The real model (nsfwjs MobileNetV2 on tfjs WASM) in its worker thread. */
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
    const first = await classifier.classify(await classifierPixels(drawing, 50_000_000));
    const loadAndFirst = Date.now() - started;
    const times: number[] = [];
    for (const picture of [await flat(200, 40, 40), await flat(40, 180, 90), drawing]) {
      const pixels = await classifierPixels(picture, 50_000_000);
      const t = performance.now();
      const scores = await classifier.classify(pixels);
      times.push(performance.now() - t);
      const sum = scores.Drawing + scores.Hentai + scores.Neutral + scores.Porn + scores.Sexy;
      expect(sum).toBeGreaterThan(0.98);
      expect(sum).toBeLessThan(1.02);
      expect(isAdult(scores)).toBe(false);
    }
    expect(isAdult(first)).toBe(false);
    // Our own smileys are transparent drawings of hands and faces; read without their
    // transparency laid on white, the thumbs-up scored 0.97 "hentai".
    for (const smiley of ['thumbs_up.svg', 'thumbs_down.svg', 'wave.svg']) {
      const svg = readFileSync(join(SMILEYS, smiley));
      const thumb = await sharp(svg).resize(256, 256).png().toBuffer();
      expect(isAdult(await classifier.classify(await classifierPixels(thumb, 50_000_000)))).toBe(
        false,
      );
    }
    console.log(
      `adult classifier: first call (model load) ${loadAndFirst} ms, then ${times.map((t) => t.toFixed(0)).join(', ')} ms per picture`,
    );
  }, 120_000);
});

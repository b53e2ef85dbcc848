/**
 * The ONNX model (what the worker runs) and the folded tfjs one (its fallback) are nsfwjs's
 * MobileNetV2 itself, computed differently: on the same frames they must give the probabilities
 * the layers model nsfwjs runs gives, or the adult rule's thresholds would no longer mean what
 * they were chosen for. The frames are real pictures (the animated GIFs and smileys we ship, a
 * noisy photo-like JPEG) made into pixels as the pipeline makes them, and two synthetic ones.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as nsfw from 'nsfwjs';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../../app';
import { classifierPixels, framesToClassify } from '../image-processor';
import { noisyJpeg } from '../test/upload-kit';
import { foldLayers, foldLayersModel, type FoldedModel } from './folded-model';
import { onnxClassifier, onnxModelBytes, type OnnxClassifier } from './onnx-model';

const require = createRequire(import.meta.url);
const SIZE = 224;
const FRAME = SIZE * SIZE * 3;
const TOLERANCE = 1e-4;

async function realFrames(): Promise<Uint8Array[]> {
  const frames: Uint8Array[] = [];
  for (const gif of ['party-fireworks.gif', 'love-face.gif', 'hello-wave.gif']) {
    const input = readFileSync(join(SERVER_ROOT, 'assets/gifs', gif));
    const { pages = 1 } = await sharp(input).metadata();
    for (const page of framesToClassify(pages, 2))
      frames.push(await classifierPixels(input, 50_000_000, page));
  }
  for (const smiley of ['thumbs_up.svg', 'blush.svg']) {
    const svg = readFileSync(join(SERVER_ROOT, 'assets/smileys', smiley));
    frames.push(await classifierPixels(await sharp(svg).resize(256, 256).png().toBuffer(), 1e8));
  }
  frames.push(await classifierPixels(await noisyJpeg(640, 480), 50_000_000));
  // Synthetic: a ramp through every byte value, and a flat grey.
  frames.push(Uint8Array.from({ length: FRAME }, (_, i) => i % 256));
  frames.push(new Uint8Array(FRAME).fill(204));
  return frames;
}

describe('the classifier’s model as it runs', () => {
  let original: nsfw.NSFWJS;
  let folded: FoldedModel;
  let onnx: OnnxClassifier;
  let frames: Uint8Array[];
  let expected: number[][];

  beforeAll(async () => {
    const wasm = require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm');
    setWasmPaths(`${dirname(wasm)}/`);
    await tf.setBackend('wasm');
    original = await nsfw.load('MobileNetV2');
    folded = foldLayersModel(tf, original.model as tf.LayersModel);
    const graph = foldLayers(tf, original.model as tf.LayersModel);
    try {
      onnx = await onnxClassifier(ort, onnxModelBytes(graph), SIZE);
    } finally {
      graph.dispose();
    }
    frames = await realFrames();
    // The reference: nsfwjs's layers model, one frame at a time, pixels in 0..1.
    expected = [];
    for (const frame of frames) {
      const y = tf.tidy(
        () =>
          original.model.predict(
            tf.div(tf.tensor4d(frame, [1, SIZE, SIZE, 3], 'float32'), 255),
          ) as tf.Tensor,
      );
      expected.push(((await y.array()) as number[][])[0]!);
      y.dispose();
    }
  }, 180_000);
  afterAll(async () => {
    folded?.dispose();
    original?.dispose();
    await onnx?.dispose();
  });

  const batch = () => {
    const pixels = new Uint8Array(frames.length * FRAME);
    frames.forEach((frame, i) => pixels.set(frame, i * FRAME));
    return pixels;
  };
  const expectSame = (got: ArrayLike<number>, rows: number[][]) => {
    expect(got).toHaveLength(rows.length * 5);
    rows.forEach((row, i) =>
      row.forEach((p, j) =>
        expect(Math.abs(got[i * 5 + j]! - p), `frame ${i} class ${j}`).toBeLessThan(TOLERANCE),
      ),
    );
  };

  it('has frames the model tells apart', () => {
    // Otherwise agreeing on them would prove little: the classes that win differ, and so do
    // the probabilities, by far more than the tolerance.
    const winners = new Set(expected.map((row) => row.indexOf(Math.max(...row))));
    expect(winners.size).toBeGreaterThanOrEqual(2);
    const neutral = expected.map((row) => row[2]!);
    expect(Math.max(...neutral) - Math.min(...neutral)).toBeGreaterThan(0.5);
  });

  it('gives the layers model’s probabilities on ONNX Runtime, in a batch and alone', async () => {
    expectSame(await onnx.predict(batch(), frames.length), expected);
    for (const [i, frame] of frames.entries())
      expectSame(await onnx.predict(frame, 1), [expected[i]!]);
  });

  it('gives them on the folded tfjs model too (the fallback), keeping no tensors', async () => {
    const before = tf.memory().numTensors;
    const y = tf.tidy(() =>
      folded.predict(tf.div(tf.tensor4d(batch(), [frames.length, SIZE, SIZE, 3], 'float32'), 255)),
    );
    const got = await y.data();
    y.dispose();
    expect(tf.memory().numTensors).toBe(before);
    expectSame(got, expected);
  });
});

/**
 * The folded model is nsfwjs's MobileNetV2 itself, computed in fewer kernels: on the same
 * frames it must give the same probabilities as the layers model nsfwjs runs, or the adult
 * rule's thresholds would no longer mean what they were chosen for.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as nsfw from 'nsfwjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldLayersModel, type FoldedModel } from './folded-model';

const require = createRequire(import.meta.url);

describe('folded model', () => {
  let original: nsfw.NSFWJS;
  let folded: FoldedModel;
  beforeAll(async () => {
    const wasm = require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm');
    setWasmPaths(`${dirname(wasm)}/`);
    await tf.setBackend('wasm');
    original = await nsfw.load('MobileNetV2');
    folded = foldLayersModel(tf, original.model as tf.LayersModel);
  }, 120_000);
  afterAll(() => {
    folded?.dispose();
    original?.dispose();
  });

  it('gives the layers model’s probabilities, frame by frame in a batch', async () => {
    // Noise, smooth gradients and flat colours: activations of every range.
    const noise = tf.randomUniform([2, 224, 224, 3], 0, 1, 'float32', 7);
    const ramp = tf.linspace(0, 1, 224 * 224 * 3).reshape([1, 224, 224, 3]);
    const flat = tf.fill([1, 224, 224, 3], 0.8);
    const x = tf.concat([noise, ramp, flat]) as tf.Tensor4D;
    const before = tf.memory().numTensors;
    const expected = original.model.predict(x) as tf.Tensor;
    const got = folded.predict(x);
    const [e, g] = [(await expected.array()) as number[][], await got.array()];
    tf.dispose([expected, got]);
    expect(tf.memory().numTensors).toBe(before);
    expect(g).toHaveLength(4);
    for (const [i, row] of g.entries())
      row.forEach((p, j) =>
        expect(Math.abs(p - e[i]![j]!), `frame ${i} class ${j}`).toBeLessThan(1e-4),
      );
    tf.dispose([noise, ramp, flat, x]);
  }, 120_000);
});

/**
 * The adult-image model in a worker thread: tfjs on its WASM backend takes tens of
 * milliseconds of CPU per picture, which must never happen on the event loop. Loaded once on
 * the first request; requests are answered in order.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as nsfw from 'nsfwjs';

interface Request {
  id: number;
  pixels: Uint8Array;
}

const require = createRequire(import.meta.url);
let model: Promise<nsfw.NSFWJS> | null = null;

async function load(): Promise<nsfw.NSFWJS> {
  const wasm = require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm');
  setWasmPaths(`${dirname(wasm)}/`);
  await tf.setBackend('wasm');
  await tf.ready();
  return nsfw.load('MobileNetV2');
}

let chain: Promise<void> = Promise.resolve();

parentPort?.on('message', (request: Request) => {
  chain = chain.then(() => answer(request));
});

async function answer({ id, pixels }: Request): Promise<void> {
  try {
    model ??= load();
    const m = await model;
    const input = tf.tensor3d(Int32Array.from(pixels), [224, 224, 3], 'int32');
    try {
      const predictions = await m.classify(input);
      parentPort?.postMessage({ id, predictions });
    } finally {
      input.dispose();
    }
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * The adult-image model in a worker thread: even native inference takes milliseconds of CPU
 * per frame, which must never happen on the event loop. The model is loaded once, on the first
 * request: nsfwjs's MobileNetV2, its batch normalizations folded into the convolutions
 * (folded-model.ts), written as an ONNX model and run by ONNX Runtime (onnx-model.ts). Where
 * onnxruntime-node's native library cannot load (a platform it ships no binary for), the same
 * folded model runs on tfjs's WASM backend instead, 3–4× slower, and the server logs it. The
 * frames of every request waiting when the model gets free run as one batch [n, 224, 224, 3];
 * each request gets its own answer, in order.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import * as nsfw from 'nsfwjs';
import type * as Ort from 'onnxruntime-node';
import type { AdultScores } from './adult-rule';
import { foldLayers, foldLayersModel } from './folded-model';
import { onnxClassifier, onnxModelBytes } from './onnx-model';

/** One picture: its frames, each 224×224 RGB (what classifierPixels makes). */
export interface ClassifyRequest {
  id: number;
  frames: Uint8Array[];
}
export interface StatsRequest {
  id: number;
  stats: true;
}
export interface WorkerStats {
  /** tfjs tensors alive: flat from one picture to the next, or something leaks. */
  numTensors: number;
  /** CPU time of this thread (user + system), from /proc; null off Linux. */
  cpuMs: number | null;
  /** Time this thread's event loop was busy, ms. */
  activeMs: number;
  /** What runs the model: onnxruntime-node and its version, or tfjs's WASM binary. */
  runtime: string;
  threads: number;
  frames: number;
  batches: number;
}
export type WorkerAnswer =
  | { id: number; scores: AdultScores[] }
  | { id: number; stats: WorkerStats }
  | { id: number; error: string }
  /** Unasked (id 0): something the server should log. */
  | { id: 0; notice: string };

const SIZE = 224;
const FRAME = SIZE * SIZE * 3;
/** The frames of one batch at most (several pictures' frames when they wait together). */
const MAX_BATCH = 16;
/** nsfwjs's classes in the order of the model's outputs. */
const CLASSES = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const;

interface Model {
  runtime: string;
  threads: number;
  /** `count` frames of RGB bytes, one after the other, to probabilities [count × 5]. */
  predict(pixels: Uint8Array, count: number): Promise<Float32Array>;
}

const require = createRequire(import.meta.url);
let model: Promise<Model> | null = null;
/** The model once loaded, for stats(). */
let loadedModel: Model | null = null;
let frames = 0;
let batches = 0;

async function load(): Promise<Model> {
  let ort: typeof Ort | null = null;
  try {
    ort = await import('onnxruntime-node');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    parentPort?.postMessage({
      id: 0,
      notice: `onnxruntime-node did not load (${reason}); the adult classifier runs on tfjs WASM, 3–4× the CPU`,
    } satisfies WorkerAnswer);
  }
  if (!ort) return loadWasm();
  // tfjs only reads nsfwjs's weights and folds them, once, on its plain JavaScript backend.
  await tf.setBackend('cpu');
  const loaded = await nsfw.load('MobileNetV2');
  let bytes: Uint8Array;
  try {
    const graph = foldLayers(tf, loaded.model as tf.LayersModel);
    try {
      bytes = onnxModelBytes(graph);
    } finally {
      graph.dispose();
    }
  } finally {
    loaded.dispose();
  }
  const classifier = await onnxClassifier(ort, bytes, SIZE);
  return {
    runtime: `onnxruntime-node ${ort.env.versions.node ?? '?'} (CPU)`,
    threads: 1,
    predict: (pixels, count) => classifier.predict(pixels, count),
  };
}

async function loadWasm(): Promise<Model> {
  const { getThreadsCount, setWasmPaths } = await import('@tensorflow/tfjs-backend-wasm');
  const wasm = require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm');
  setWasmPaths(`${dirname(wasm)}/`);
  await tf.setBackend('wasm');
  await tf.ready();
  // tfjs picks the binary from these two (threads are never on under Node, see BENCHMARKS.md).
  const simd = await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT');
  const threads = await tf.env().getAsync('WASM_HAS_MULTITHREAD_SUPPORT');
  const loaded = await nsfw.load('MobileNetV2');
  let folded;
  try {
    folded = foldLayersModel(tf, loaded.model as tf.LayersModel);
  } finally {
    loaded.dispose();
  }
  return {
    runtime: `tfjs-backend-wasm${simd ? (threads ? '-threaded-simd' : '-simd') : ''}.wasm`,
    threads: getThreadsCount(),
    predict: async (pixels, count) => {
      // The model wants pixels in 0..1.
      const input = new Float32Array(pixels.length);
      for (let i = 0; i < pixels.length; i++) input[i] = pixels[i]! / 255;
      const output = tf.tidy(() => folded.predict(tf.tensor4d(input, [count, SIZE, SIZE, 3])));
      try {
        return (await output.data()) as Float32Array;
      } finally {
        output.dispose();
      }
    },
  };
}

const queue: ClassifyRequest[] = [];
let running = false;

parentPort?.on('message', (request: ClassifyRequest | StatsRequest) => {
  if ('stats' in request) {
    parentPort?.postMessage({ id: request.id, stats: stats() } satisfies WorkerAnswer);
    return;
  }
  queue.push(request);
  if (!running) void drain();
});

async function drain(): Promise<void> {
  running = true;
  try {
    let m: Model;
    try {
      model ??= load();
      m = await model;
      loadedModel = m;
    } catch (error) {
      model = null;
      for (const request of queue.splice(0)) fail(request, error);
      return;
    }
    while (queue.length) {
      // Requests that came while the model was busy run together, up to MAX_BATCH frames.
      const batch = [queue.shift()!];
      let count = batch[0]!.frames.length;
      while (queue.length && count + queue[0]!.frames.length <= MAX_BATCH) {
        count += queue[0]!.frames.length;
        batch.push(queue.shift()!);
      }
      await run(m, batch, count);
      // Let the messages that came meanwhile in before the next batch.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    running = false;
  }
}

async function run(m: Model, batch: ClassifyRequest[], count: number): Promise<void> {
  try {
    const pixels = new Uint8Array(count * FRAME);
    let offset = 0;
    for (const request of batch) {
      for (const frame of request.frames) {
        if (frame.length !== FRAME) throw new Error(`a frame of ${frame.length} bytes`);
        pixels.set(frame, offset);
        offset += FRAME;
      }
    }
    const probabilities = await m.predict(pixels, count);
    frames += count;
    batches += 1;
    let row = 0;
    for (const request of batch) {
      const scores = request.frames.map(() => {
        const at = row++ * CLASSES.length;
        const s = {} as AdultScores;
        CLASSES.forEach((name, i) => (s[name] = probabilities[at + i]!));
        return s;
      });
      parentPort?.postMessage({ id: request.id, scores } satisfies WorkerAnswer);
    }
  } catch (error) {
    for (const request of batch) fail(request, error);
  }
}

function fail(request: ClassifyRequest, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  parentPort?.postMessage({ id: request.id, error: message } satisfies WorkerAnswer);
}

function stats(): WorkerStats {
  return {
    numTensors: tf.memory().numTensors,
    cpuMs: threadCpuMs(),
    activeMs: performance.eventLoopUtilization().active,
    runtime: loadedModel?.runtime ?? 'not loaded',
    threads: loadedModel?.threads ?? 0,
    frames,
    batches,
  };
}

/** This thread's user + system CPU time (Node 20 has no process.threadCpuUsage). */
function threadCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { NsfwClassifier } from '../../apps/server/src/features/uploads/adult/adult-classifier.ts';
import {
  foldLayers,
  foldLayersModel,
} from '../../apps/server/src/features/uploads/adult/folded-model.ts';
import {
  onnxClassifier,
  onnxModelBytes,
} from '../../apps/server/src/features/uploads/adult/onnx-model.ts';
import { CLASSIFIED_FRAMES } from '../../apps/server/src/features/uploads/attachment-processor.ts';
import {
  classifierPixels,
  framesToClassify,
  processImage,
} from '../../apps/server/src/features/uploads/image-processor.ts';
import { phonePhoto, screenshot, smallGif } from './inputs.mjs';

/**
 * The adult classifier's CPU per picture, apart from the rest of the pipeline (part of
 * `npm run bench -- uploads`, which runs it on CPU 0 after waiting for a quiet machine, bundled
 * beside the server's build; prints one JSON line).
 *
 * 1. As the server runs it: the thumbnail made by the pipeline (processImage), the frames'
 *    pixels made from it (classifierPixels: one per still, CLASSIFIED_FRAMES of a GIF), and
 *    NsfwClassifier's worker thread judging them in one call. CPU per picture of the pixels
 *    (process CPU, sharp's threads included) and of the model (the worker thread's own CPU,
 *    from /proc), and whether the worker's tensors stay flat.
 * 2. The runtimes, in this process, interleaved: the folded model on tfjs's WASM backend (what
 *    the worker ran before, and its fallback) and as ONNX on ONNX Runtime (what it runs now),
 *    one frame a call and 4 (an animation's), each fed as the worker feeds it: CPU per frame.
 *    (nsfwjs's layers model and its "Mid" graph model, measured here before, are in
 *    BENCHMARKS.md: 2–2.4× the folded model's CPU on WASM.)
 */
const LIMITS = { maxSide: 2048, thumbSide: 320, maxPixels: 50_000_000 };
const REPS = Number(process.env.CLASSIFIER_CPU_REPS ?? 6);

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const round1 = (n) => Math.round(n * 10) / 10;

async function asTheServerDoes() {
  const classifier = new NsfwClassifier(pino({ level: 'silent' }));
  try {
    const kinds = { photo: phonePhoto, screenshot, gif: smallGif };
    const pictures = [];
    for (const [kind, make] of Object.entries(kinds)) {
      for (let v = 0; v < 3; v++) {
        const original = await make(1000 * (v + 1) + kind.length);
        const { thumb, pages } = await processImage(original, LIMITS);
        pictures.push({
          kind,
          thumb: thumb.data,
          frames: framesToClassify(pages, CLASSIFIED_FRAMES),
        });
      }
    }
    const pixelsOf = (p) =>
      Promise.all(p.frames.map((page) => classifierPixels(p.thumb, LIMITS.maxPixels, page)));
    // Warm-up: the worker starts, loads and folds the model, every batch size runs once.
    for (const p of pictures) await classifier.classify(await pixelsOf(p));
    const loaded = await classifier.stats();
    const out = { runtime: loaded.runtime, threads: loaded.threads, kinds: {} };
    for (const kind of Object.keys(kinds)) {
      const mine = pictures.filter((p) => p.kind === kind);
      let pixelsCpu = 0;
      let processCpu = 0;
      let count = 0;
      const before = await classifier.stats();
      for (let r = 0; r < REPS; r++) {
        for (const p of mine) {
          let c = cpuMs();
          const frames = await pixelsOf(p);
          pixelsCpu += cpuMs() - c;
          c = cpuMs();
          await classifier.classify(frames);
          processCpu += cpuMs() - c;
          count += 1;
        }
      }
      const after = await classifier.stats();
      const frames = after.frames - before.frames;
      out.kinds[kind] = {
        pictures: count,
        framesPerPicture: frames / count,
        pixelsCpuMs: round1(pixelsCpu / count),
        modelCpuMs: after.cpuMs === null ? null : round1((after.cpuMs - before.cpuMs) / count),
        modelActiveMs: round1((after.activeMs - before.activeMs) / count),
        processCpuMs: round1(processCpu / count),
        tensorsBefore: before.numTensors,
        tensorsAfter: after.numTensors,
      };
    }
    return out;
  } finally {
    await classifier.close();
  }
}

async function variants() {
  // tfjs, nsfwjs and ONNX Runtime as the server's package resolves them (nsfwjs is only under
  // apps/server). From bench/uploads/ in the sources, or from apps/server/dist/ when bundled.
  const serverPackage = ['../../apps/server/package.json', '../package.json']
    .map((path) => new URL(path, import.meta.url))
    .find((url) => existsSync(url) && readFileSync(url, 'utf8').includes('"nsfwjs"'));
  const require = createRequire(serverPackage);
  const load = (name) => import(pathToFileURL(require.resolve(name)).href);
  const tf = await load('@tensorflow/tfjs');
  const { setWasmPaths } = await load('@tensorflow/tfjs-backend-wasm');
  const nsfw = await load('nsfwjs');
  const ort = await load('onnxruntime-node');
  const wasm = require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm');
  setWasmPaths(`${dirname(wasm)}/`);
  await tf.setBackend('wasm');
  await tf.ready();
  const layers = await nsfw.load('MobileNetV2');
  const folded = foldLayersModel(tf, layers.model);
  const graph = foldLayers(tf, layers.model);
  const onnx = await onnxClassifier(ort, onnxModelBytes(graph), 224);
  graph.dispose();
  layers.dispose();
  const models = {
    // As the worker's fallback feeds it: bytes to 0..1 in JavaScript, a float tensor.
    'folded, tfjs WASM SIMD': async (pixels, n) => {
      const input = new Float32Array(pixels.length);
      for (let i = 0; i < pixels.length; i++) input[i] = pixels[i] / 255;
      const y = tf.tidy(() => folded.predict(tf.tensor4d(input, [n, 224, 224, 3])));
      await y.data();
      y.dispose();
    },
    // As the worker feeds it: the bytes themselves.
    'folded as ONNX, onnxruntime-node': (pixels, n) => onnx.predict(pixels, n),
  };
  const result = {};
  // Interleaved rounds, so a change in the machine's speed touches every variant alike.
  for (let round = 0; round < 4; round++) {
    for (const [name, predict] of Object.entries(models)) {
      for (const batch of [1, 4]) {
        const pixels = Uint8Array.from({ length: batch * 224 * 224 * 3 }, () =>
          Math.floor(Math.random() * 256),
        );
        const reps = batch === 1 ? 8 : 2;
        const c = cpuMs();
        for (let i = 0; i < reps; i++) await predict(pixels, batch);
        const perFrame = (cpuMs() - c) / reps / batch;
        if (round === 0) continue; // warm-up
        const key = `${name}, batch ${batch}`;
        (result[key] ??= []).push(perFrame);
      }
    }
  }
  folded.dispose();
  await onnx.dispose();
  return Object.fromEntries(
    Object.entries(result).map(([k, v]) => [k, round1(v.sort((a, b) => a - b)[0])]),
  );
}

const server = await asTheServerDoes();
const tried = process.env.CLASSIFIER_CPU_VARIANTS === '0' ? null : await variants();
console.log(JSON.stringify({ server, tried }));

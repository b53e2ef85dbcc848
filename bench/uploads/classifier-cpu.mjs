import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { NsfwClassifier } from '../../apps/server/src/features/uploads/adult/adult-classifier.ts';
import { foldLayersModel } from '../../apps/server/src/features/uploads/adult/folded-model.ts';
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
 * 2. What was tried, in this process on the same WASM backend: nsfwjs's layers model as it
 *    ran before (one frame a call) and in batches, the same model folded (what the worker
 *    runs), and nsfwjs's other bundled MobileNetV2 ("Mid", a graph model): CPU per frame.
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
    const out = { wasmBinary: loaded.wasmBinary, threads: loaded.threads, kinds: {} };
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
  // tfjs and nsfwjs as the server's package resolves them (nsfwjs is only under apps/server).
  // From bench/uploads/ in the sources, or from apps/server/dist/ when bundled.
  const serverPackage = ['../../apps/server/package.json', '../package.json']
    .map((path) => new URL(path, import.meta.url))
    .find((url) => existsSync(url) && readFileSync(url, 'utf8').includes('"nsfwjs"'));
  const require = createRequire(serverPackage);
  const load = (name) => import(pathToFileURL(require.resolve(name)).href);
  const tf = await load('@tensorflow/tfjs');
  const { setWasmPaths } = await load('@tensorflow/tfjs-backend-wasm');
  const nsfw = await load('nsfwjs');
  const wasm = require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm');
  setWasmPaths(`${dirname(wasm)}/`);
  await tf.setBackend('wasm');
  await tf.ready();
  const layers = await nsfw.load('MobileNetV2');
  const mid = await nsfw.load('MobileNetV2Mid', { type: 'graph' });
  const folded = foldLayersModel(tf, layers.model);
  const models = {
    'MobileNetV2, layers model (before)': (x) => layers.model.predict(x),
    'MobileNetV2, folded (now)': (x) => folded.predict(x),
    'MobileNetV2Mid, graph model': (x) => mid.model.predict(x),
  };
  const result = {};
  // Interleaved rounds, so a change in the machine's speed touches every variant alike.
  for (let round = 0; round < 4; round++) {
    for (const [name, predict] of Object.entries(models)) {
      for (const batch of [1, 4]) {
        const x = tf.randomUniform([batch, 224, 224, 3]);
        const reps = batch === 1 ? 4 : 2;
        const c = cpuMs();
        for (let i = 0; i < reps; i++) {
          const y = predict(x);
          y.dataSync();
          y.dispose();
        }
        const perFrame = (cpuMs() - c) / reps / batch;
        x.dispose();
        if (round === 0) continue; // warm-up
        const key = `${name}, batch ${batch}`;
        (result[key] ??= []).push(perFrame);
      }
    }
  }
  folded.dispose();
  layers.dispose();
  mid.dispose();
  return Object.fromEntries(
    Object.entries(result).map(([k, v]) => [k, round1(v.sort((a, b) => a - b)[0])]),
  );
}

const server = await asTheServerDoes();
const tried = process.env.CLASSIFIER_CPU_VARIANTS === '0' ? null : await variants();
console.log(JSON.stringify({ server, tried }));

import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { scoresOf, type AdultScores } from './adult-rule';

/** Scores a picture (224×224 RGB pixels) for adult content. */
export interface AdultClassifier {
  classify(pixels: Uint8Array): Promise<AdultScores>;
  close(): Promise<void>;
}

interface Answer {
  id: number;
  predictions?: { className: string; probability: number }[];
  error?: string;
}

// From the sources (tsx, tests) this module is TypeScript and so is the worker beside it; in the
// build (apps/server/dist) both are bundled flat, the worker as classifier.worker.js.
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(
  FROM_SOURCES ? './classifier.worker.ts' : './classifier.worker.js',
  import.meta.url,
);

// A worker's main module is loaded before an `--import` hook would apply, so from the sources a
// small script registers tsx in the thread first and then imports the TypeScript worker.
const TSX_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.tsxApi)
  .then(({ register }) => { register(); return import(workerData.entry); })
  .catch((error) => { setImmediate(() => { throw error; }); });
`;

/**
 * nsfwjs (MobileNetV2, shipped inside the package) in a worker thread, started on the first
 * picture. It starts the way the server itself runs: plain JavaScript from the build, or
 * TypeScript through the tsx loader from the sources. A dead worker is replaced on the next
 * request.
 */
export class NsfwClassifier implements AdultClassifier {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (s: AdultScores) => void; reject: (e: Error) => void }
  >();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = 60_000,
  ) {}

  classify(pixels: Uint8Array): Promise<AdultScores> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<AdultScores>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('adult classifier timed out'));
      }, this.timeoutMs);
      timer.unref();
      this.pending.set(id, {
        resolve: (s) => {
          clearTimeout(timer);
          resolve(s);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      worker.postMessage({ id, pixels });
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = FROM_SOURCES
      ? new Worker(TSX_BOOTSTRAP, {
          eval: true,
          workerData: { tsxApi: import.meta.resolve('tsx/esm/api'), entry: WORKER_URL.href },
        })
      : new Worker(WORKER_URL);
    worker.unref();
    worker.on('message', (answer: Answer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (answer.predictions) waiting.resolve(scoresOf(answer.predictions));
      else waiting.reject(new Error(answer.error ?? 'adult classifier failed'));
    });
    const fail = (error: Error) => {
      this.log.error({ err: error }, 'adult classifier worker stopped');
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.worker === worker) fail(new Error(`adult classifier worker exited (${code})`));
    });
    this.worker = worker;
    return worker;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}

import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { AdultScores } from './adult-rule';
import type { WorkerAnswer, WorkerStats } from './classifier.worker';

/**
 * Scores a picture for adult content: its frames (one for a still picture), each 224×224 RGB
 * pixels, judged in one call; the scores come in the frames' order.
 */
export interface AdultClassifier {
  classify(frames: Uint8Array[]): Promise<AdultScores[]>;
  close(): Promise<void>;
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
 * picture, run by ONNX Runtime (tfjs WASM where it cannot load); a picture's frames go in one
 * message and run as one batch. It starts the way the server itself runs: plain JavaScript from the build, or
 * TypeScript through the tsx loader from the sources. A dead worker is replaced on the next
 * request.
 */
export class NsfwClassifier implements AdultClassifier {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (answer: WorkerAnswer) => void; reject: (e: Error) => void }
  >();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = 60_000,
  ) {}

  async classify(frames: Uint8Array[]): Promise<AdultScores[]> {
    if (!frames.length) return [];
    const answer = await this.ask({ frames });
    if ('scores' in answer) return answer.scores;
    throw new Error('error' in answer ? answer.error : 'adult classifier failed');
  }

  /** The worker's counters (tensors alive, its thread's CPU, the runtime): for the bench. */
  async stats(): Promise<WorkerStats> {
    const answer = await this.ask({ stats: true });
    if ('stats' in answer) return answer.stats;
    throw new Error('error' in answer ? answer.error : 'adult classifier failed');
  }

  private ask(request: { frames: Uint8Array[] } | { stats: true }): Promise<WorkerAnswer> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<WorkerAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('adult classifier timed out'));
      }, this.timeoutMs);
      timer.unref();
      this.pending.set(id, {
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      worker.postMessage({ id, ...request });
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
    worker.on('message', (answer: WorkerAnswer) => {
      if ('notice' in answer) {
        this.log.warn(answer.notice);
        return;
      }
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      waiting.resolve(answer);
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

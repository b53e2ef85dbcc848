/**
 * The client worker processes for one server, driven as one: a command goes to every worker
 * and the answers come back together. Client counts are split evenly between workers.
 */
import { fileURLToPath } from 'node:url';
import { startWorker, stop } from '../lib/procs.mjs';

const WORKER = fileURLToPath(new URL('./client-worker.mjs', import.meta.url));

export class WorkerPool {
  /** `wsClient`: the raw WebSocket client of the pusher and socketio-raw protocols (light|ws). */
  static async start(count, protocol, url, wsClient = 'light') {
    const pool = new WorkerPool();
    pool.workers = await Promise.all(
      Array.from({ length: count }, (_, i) => {
        const child = startWorker(`client-${i + 1}`, WORKER, [protocol, url, wsClient]);
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('client worker did not start')), 15_000);
          child.once('exit', (code) => reject(new Error(`client worker exited with ${code}`)));
          child.on('message', function first(message) {
            if (message.type !== 'ready') return;
            clearTimeout(timer);
            child.off('message', first);
            resolve(child);
          });
        });
      }),
    );
    pool.workers.forEach((child, i) =>
      child.on('message', (message) => pool.onMessage(i, message)),
    );
    return pool;
  }

  constructor() {
    this.workers = [];
    this.pending = new Map();
    this.nextId = 1;
    /** Per worker: the highest seq every one of its clients has. */
    this.minSeqs = [];
    this.onProgress = null;
  }

  get pids() {
    return this.workers.map((w) => w.pid);
  }

  onMessage(index, message) {
    if (message.type === 'progress') {
      this.minSeqs[index] = message.minSeq;
      this.onProgress?.();
      return;
    }
    const waiter = this.pending.get(message.id);
    if (!waiter) return;
    this.pending.delete(message.id);
    if (message.ok) waiter.resolve(message.result);
    else waiter.reject(new Error(`client worker ${index + 1}: ${message.error}`));
  }

  /** The seq every client of every worker has received. */
  get acked() {
    return Math.min(...this.minSeqs);
  }

  resetProgress(seq) {
    this.minSeqs = this.workers.map(() => seq);
  }

  /** Sends `cmd` to all workers; `args(i)` may give each its own arguments. Bounded by timeoutMs. */
  call(cmd, args = {}, timeoutMs = 60_000) {
    return Promise.all(
      this.workers.map((child, i) => {
        const id = this.nextId++;
        const payload = typeof args === 'function' ? args(i) : args;
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => {
            this.pending.delete(id);
            reject(new Error(`client worker ${i + 1}: ${cmd} took over ${timeoutMs} ms`));
          }, timeoutMs);
          this.pending.set(id, {
            resolve: (value) => (clearTimeout(timer), resolve(value)),
            reject: (error) => (clearTimeout(timer), reject(error)),
          });
          child.send({ ...payload, cmd, id });
        });
      }),
    );
  }

  /** `total` split as evenly as possible over the workers. */
  split(total) {
    const n = this.workers.length;
    return (i) => Math.floor(total / n) + (i < total % n ? 1 : 0);
  }

  async stop() {
    await Promise.all(this.workers.map((child) => stop(child, 2000)));
  }
}

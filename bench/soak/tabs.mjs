import { fileURLToPath } from 'node:url';
import { startWorker, stop } from '../lib/procs.mjs';

const WORKER = fileURLToPath(new URL('./sockets-worker.mjs', import.meta.url));

/**
 * The soak's tabs spread over several worker processes (one process may hold only so many file
 * descriptors, and one event loop only so many handshakes a second). A command goes to every
 * worker; the answers come back together.
 */
export class Tabs {
  static async start(count, wsUrl, { key, secret }) {
    const tabs = new Tabs();
    tabs.workers = await Promise.all(
      Array.from({ length: count }, (_, i) => {
        const child = startWorker(`tabs-${i + 1}`, WORKER, [wsUrl, key, secret]);
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('tabs worker did not start')), 15_000);
          child.once('exit', (code) => reject(new Error(`tabs worker exited with ${code}`)));
          child.on('message', function first(message) {
            if (message.type !== 'ready') return;
            clearTimeout(timer);
            child.off('message', first);
            resolve(child);
          });
        });
      }),
    );
    tabs.workers.forEach((child, i) => child.on('message', (m) => tabs.onMessage(i, m)));
    return tabs;
  }

  constructor() {
    this.workers = [];
    this.pending = new Map();
    this.nextId = 1;
  }

  get pids() {
    return this.workers.map((w) => w.pid);
  }

  onMessage(index, message) {
    const waiter = this.pending.get(message.id);
    if (!waiter) return;
    this.pending.delete(message.id);
    if (message.ok) waiter.resolve(message.result);
    else waiter.reject(new Error(`tabs worker ${index + 1}: ${message.error}`));
  }

  /** `cmd` on every worker; `args` an object or `(i) => object`. Bounded by `timeoutMs`. */
  call(cmd, args = {}, timeoutMs = 120_000) {
    return Promise.all(
      this.workers.map((child, i) => {
        const id = this.nextId++;
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => {
            this.pending.delete(id);
            reject(new Error(`tabs worker ${i + 1}: ${cmd} took over ${timeoutMs} ms`));
          }, timeoutMs);
          this.pending.set(id, {
            resolve: (value) => (clearTimeout(timer), resolve(value)),
            reject: (error) => (clearTimeout(timer), reject(error)),
          });
          child.send({ ...(typeof args === 'function' ? args(i) : args), cmd, id });
        });
      }),
    );
  }

  async stop() {
    await Promise.all(this.workers.map((child) => stop(child, 2000)));
  }
}

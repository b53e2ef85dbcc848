import { Worker } from 'node:worker_threads';

/**
 * better-sqlite3 is synchronous, so a WAL checkpoint (which fsyncs) would stall the event loop
 * for tens of milliseconds now and then, in the middle of someone's request. The main
 * connection therefore never checkpoints; a worker thread with its own connection does, every
 * second, in PASSIVE mode (never waiting for, nor blocking, the writer).
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next round catches up */ }
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); process.exit(0); });
`;

export function startCheckpointer(
  file: string,
  driver: string,
  everyMs = 1000,
): () => Promise<void> {
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver, everyMs } });
  worker.unref();
  return async () => {
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    // Unref'd, the worker would not keep the process alive while we wait for it to exit.
    worker.ref();
    worker.postMessage('stop');
    await exited;
  };
}

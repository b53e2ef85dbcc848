/**
 * What one idle socket of ours holds, for investigation (not part of `npm run bench`):
 *   node bench/realtime/heap-per-socket.mjs [--sockets=5000] [--top=40] [--snapshot]
 *     [--retainers=<key>,<key>] (keys as printed, e.g. "closure native_bind")
 * Starts ours as production does plus `--inspect=127.0.0.1:0`, then, after a full GC asked
 * through the inspector, reads RSS and process.memoryUsage() with no sockets and with N idle
 * subscribed sockets (the realtime bench's load clients). With --snapshot it also takes a heap
 * snapshot each time and prints the objects that grew, by constructor, per socket.
 */
import { sleep } from '../lib/clock.mjs';
import { pinSelf, stop } from '../lib/procs.mjs';
import { freePort } from '../lib/ports.mjs';
import { memoryStatusKB } from '../lib/proc-stats.mjs';
import { WorkerPool } from './pool.mjs';
import { TARGETS } from './targets.mjs';
import { Inspector } from './inspector.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? true];
  }),
);
const SOCKETS = Number(args.sockets ?? 5000);
const TOP = Number(args.top ?? 40);

pinSelf('1');
const port = await freePort();
const server = await TARGETS.ours.start(port, { root: process.cwd(), cpus: '0', inspect: true });
const inspector = await Inspector.of(server.child);
const pool = await WorkerPool.start(2, 'pusher', TARGETS.ours.client(port).url);

async function measure(label) {
  await sleep(1000);
  await inspector.collectGarbage();
  await sleep(500);
  const rss = memoryStatusKB(server.child.pid);
  const mem = await inspector.memoryUsage();
  const retainersOf = args.retainers ? String(args.retainers).split(',') : [];
  const snap = args.snapshot ? await inspector.heapSummary({ retainersOf }) : null;
  console.log(
    `${label}: rss ${rss.rss} KB (anon ${rss.anon}), heapUsed ${kb(mem.heapUsed)}, external ${kb(mem.external)}, arrayBuffers ${kb(mem.arrayBuffers)} KB`,
  );
  return { rss, mem, snap };
}
const kb = (bytes) => Math.round(bytes / 1024);

try {
  await sleep(1500);
  const before = await measure('0 sockets');
  const parts = await pool.call('connect', (i) => ({
    count: pool.split(SOCKETS)(i),
    concurrency: 200,
    timeoutMs: 30_000,
    seqBase: 0,
  }));
  const ok = parts.reduce((s, p) => s + p.ok, 0);
  const after = await measure(`${ok} sockets`);
  const per = (a, b) => ((a - b) / ok).toFixed(0);
  console.log(
    `per socket after a full GC: rss ${(((after.rss.rss - before.rss.rss) * 1024) / ok).toFixed(0)} B, ` +
      `heapUsed ${per(after.mem.heapUsed, before.mem.heapUsed)} B, external ${per(after.mem.external, before.mem.external)} B`,
  );
  if (before.snap && after.snap) {
    const rows = [];
    for (const [key, a] of after.snap) {
      const b = before.snap.get(key) ?? { count: 0, size: 0 };
      if (a.size - b.size > 0) rows.push([key, a.count - b.count, a.size - b.size]);
    }
    rows.sort((x, y) => y[2] - x[2]);
    const total = rows.reduce((s, r) => s + r[2], 0);
    console.log(`heap snapshot growth: ${(total / ok).toFixed(0)} B per socket`);
    for (const [key, count, size] of rows.slice(0, TOP))
      console.log(
        `${(size / ok).toFixed(1).padStart(8)} B  ${(count / ok).toFixed(2).padStart(6)} /socket  ${key}`,
      );
    for (const [key, count] of after.snap.retainers ?? []) {
      const grew = (count - (before.snap.retainers.get(key) ?? 0)) / ok;
      if (grew >= 0.05) console.log(`retained by, per socket: ${grew.toFixed(2)}  ${key}`);
    }
  }
} finally {
  inspector.close();
  await pool.stop();
  await stop(server.child);
  server.cleanup();
}

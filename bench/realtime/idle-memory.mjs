import { nowMs, sleep } from '../lib/clock.mjs';
import { rssKB } from '../lib/proc-stats.mjs';
import { round } from '../lib/stats.mjs';

/**
 * b. Server memory per idle connection: RSS before and after `idle` connected, subscribed,
 * silent clients, divided by their number.
 *
 * Before issue 26 this read RSS once 1.5 s after start and once 2.5 s after the connections
 * opened. Both readings held whatever garbage V8 had not collected yet: right after start
 * ~13 MB of it (loading the modules), and the connection burst makes more. Whether a major GC
 * ran between the two readings moved the result by about ±1.5 KB a connection on the same
 * code (3.17 to 5.96 KB in BENCHMARKS.md).
 *
 * Now both sides are settled states: a full GC asked through the V8 inspector (the servers run
 * with `--inspect=127.0.0.1:0`, nothing added to their code), then the median of five RSS
 * readings 200 ms apart. That still counts everything the connections keep, in V8's heap and
 * outside it (native handles, what malloc holds and has not given back); only garbage is gone.
 * A server that trims malloc (`settleAfterStartMs`: ours checks every 10 s) has its baseline
 * taken after its first check, so that memory freed while starting and given back later is not
 * credited to the connections. Also given: V8's heap used per connection after the GC, and
 * RSS per connection 2.5 s after they opened, before the GC (`kbPerConnectionBeforeGc`: with
 * the connection burst's garbage, what a server shows until V8 collects it).
 */
export async function idleMemory(ctx, connect, disconnect) {
  const { pid, inspector } = ctx;
  // Let the fresh server finish starting (JIT, lazy modules) before the baseline.
  await sleep(1500);
  const before = inspector ? await settled(ctx) : { rssKB: rssKB(pid) };
  const connected = await connect();
  await sleep(2500);
  const afterNoGc = rssKB(pid);
  const after = inspector ? await settled(ctx) : { rssKB: afterNoGc };
  await disconnect();
  await sleep(1000);
  const per = (a, b) => round((a - b) / Math.max(1, connected.ok));
  return {
    connected: connected.ok,
    failed: connected.failed,
    errors: connected.errors,
    connectMs: connected.ms,
    method: inspector ? 'full GC, median of 5 RSS readings' : 'one RSS reading, no forced GC',
    rssBeforeKB: before.rssKB,
    rssAfterKB: after.rssKB,
    rssAfterBeforeGcKB: afterNoGc,
    rssSamplesKB: [before.samples, after.samples],
    heapUsedBeforeKB: before.heapUsedKB,
    heapUsedAfterKB: after.heapUsedKB,
    kbPerConnection: per(after.rssKB, before.rssKB),
    kbPerConnectionBeforeGc: per(afterNoGc, before.rssKB),
    heapKbPerConnection: inspector ? per(after.heapUsedKB, before.heapUsedKB) : null,
  };
}

/** RSS (median of 5 readings) and heap used after a full GC, in KB. */
async function settled({ pid, inspector, readyAt, settleAfterStartMs = 0 }) {
  const wait = readyAt + settleAfterStartMs - nowMs();
  if (wait > 0) await sleep(wait);
  await inspector.collectGarbage();
  await sleep(300);
  const samples = [];
  for (let i = 0; i < 5; i++) {
    if (i) await sleep(200);
    samples.push(rssKB(pid));
  }
  const heap = await inspector.memoryUsage();
  return {
    rssKB: [...samples].sort((a, b) => a - b)[2],
    samples,
    heapUsedKB: Math.round(heap.heapUsed / 1024),
  };
}

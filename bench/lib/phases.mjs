import { cpuMeter, otherLoadMeter, postgresCpuMeter } from './proc-stats.mjs';
import { benchPids } from './procs.mjs';
import { waitQuiet } from './quiet.mjs';
import { round } from './stats.mjs';

/**
 * A measured phase of a database-backed bench (forum, art): its latency and throughput with the
 * CPU of the server, PostgreSQL and everything else, taken on a quiet machine if there is one.
 */

/** A phase during which other processes used more than this (% of a core) is run again. */
const BUSY_PERCENT = 25;
export const log = (...args) =>
  console.log(`  [${new Date().toISOString().slice(11, 19)}]`, ...args);

function summary(name, concurrency, r, cpu) {
  const errors = Object.entries(r.statuses)
    .filter(([s]) => !['200', '201'].includes(s))
    .reduce((n, [, c]) => n + c, 0);
  return {
    route: name,
    concurrency,
    requests: r.latency.count,
    perSec: round((r.latency.count * 1000) / r.elapsedMs),
    p50: round(r.latency.percentile(0.5)),
    p99: round(r.latency.percentile(0.99)),
    max: round(r.latency.max),
    errors,
    statuses: r.statuses,
    samples: r.samples,
    ...cpu,
  };
}

/** Measures `run()` with the CPU of the server, PostgreSQL and everything else around it. */
async function measured(serverPid, dialect, run) {
  const other = otherLoadMeter(benchPids());
  const server = cpuMeter([serverPid]);
  const pgCpu = dialect === 'postgres' ? postgresCpuMeter() : null;
  const r = await run();
  // A client that measures itself (the forum's direct client) is the "server" there.
  const serverCpu = r.cpuPercent ?? server()[0];
  const postgresCpu = pgCpu ? pgCpu() : null;
  const otherCpu = Math.max(0, other() - (postgresCpu ?? 0) - (r.cpuPercent ?? 0));
  return { r, cpu: { serverCpu, postgresCpu, otherCpu } };
}

/**
 * A phase on a quiet machine if there is one; run again (up to `opts.retries` times) when
 * others were busy meanwhile, keeping the quietest attempt.
 */
export async function quietPhase(opts, name, concurrency, serverPid, dialect, run) {
  let best = null;
  for (let attempt = 0; attempt <= opts.retries; attempt++) {
    await waitQuiet(opts.quietWaitMs);
    const { r, cpu } = await measured(serverPid, dialect, run);
    const row = summary(name, concurrency, r, cpu);
    row.attempts = attempt + 1;
    if (!best || row.otherCpu < best.otherCpu) best = row;
    if (row.otherCpu <= BUSY_PERCENT) break;
    if (attempt < opts.retries) log(`other processes used ${row.otherCpu}% of a core: once more`);
  }
  log(
    `${name} ×${concurrency}: ${best.perSec}/s, p50 ${best.p50} ms, p99 ${best.p99} ms, errors ${best.errors}${best.samples.length ? ` (${best.samples[0]})` : ''}`,
  );
  return best;
}

/**
 * `npm run bench -- realtime`: the same work against three servers, each in its own process
 * pinned to CPU 0, while this process and the client workers (forked) share CPU 1.
 *   a. N clients on one channel: steady publish rates, then saturation; deliveries/s, latency.
 *   b. Server RSS per idle connection.
 *   c. All clients dropped and reconnected at once: time until all are subscribed, failures.
 * Results: a table on stdout, JSON in bench/results/realtime.json.
 */
import { cpus as cpuList, tmpdir } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nowMs } from '../lib/clock.mjs';
import { closeAgent } from '../lib/http.mjs';
import { benchPids, guardProcesses, pinSelf, stop } from '../lib/procs.mjs';
import { freePort } from '../lib/ports.mjs';
import {
  cpuMeter,
  listenCounters,
  otherLoadMeter,
  cpuSeconds,
  rssKB,
  writeSyscalls,
} from '../lib/proc-stats.mjs';
import { idleMemory } from './idle-memory.mjs';
import { Inspector } from './inspector.mjs';
import { Histogram, round } from '../lib/stats.mjs';
import { WorkerPool } from './pool.mjs';
import { saturate, steady } from './publishers.mjs';
import { waitBudget, waitQuiet } from '../lib/quiet.mjs';
import { BUSY_PERCENT, printReport } from './report.mjs';
import { TARGETS } from './targets.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

const DEFAULTS = {
  only: 'ws,socketio,ours,floor',
  clients: 2000,
  idle: 5000,
  rates: '10,20,40',
  phaseMs: 5000,
  warmupMs: 2000,
  saturationMs: 5000,
  /** Saturation keeps at most this many messages published but not yet received by everyone. */
  window: 20,
  workers: 2,
  /**
   * On a shared machine: before each server starts and each measured phase, wait up to
   * quietWaitMs for other processes to go quiet; run a disturbed phase again, up to `retries`
   * times. Waiting and re-runs together take at most waitBudgetMs in the whole run.
   */
  quietWaitMs: 10_000,
  retries: 1,
  waitBudgetMs: 120_000,
  /** Load clients for Socket.IO: `lib` (socket.io-client) or `raw` (its packets over raw ws). */
  sioClient: 'lib',
  /**
   * The raw WebSocket of the Pusher-protocol (and raw Socket.IO) load clients: `light`
   * (light-ws.mjs, ~30% less client CPU per delivery) or `ws` (the library).
   */
  wsClient: 'light',
  /** listen() backlog of the two reference servers (an experiment; ours keeps its own). */
  backlog: 0,
  pin: true,
  /** Investigation of ours: a V8 CPU profile and/or GC trace, in $TMPDIR/bench-realtime-prof. */
  cpuProf: false,
  traceGc: false,
  /** Results go to bench/results/<out>.json; give experiments their own name. */
  out: 'realtime',
};

function parseArgs(argv) {
  const opts = { ...DEFAULTS };
  for (const arg of argv) {
    const match = /^--(no-)?([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`unknown argument ${arg}`);
    const key = match[2].replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (!(key in DEFAULTS)) throw new Error(`unknown option --${match[2]}`);
    const value = match[1] ? false : (match[3] ?? true);
    opts[key] = typeof DEFAULTS[key] === 'number' ? Number(value) : value;
  }
  opts.rates = String(opts.rates).split(',').map(Number);
  opts.only = String(opts.only).split(',');
  for (const name of opts.only) if (!TARGETS[name]) throw new Error(`unknown server ${name}`);
  if (!['light', 'ws'].includes(opts.wsClient))
    throw new Error(`--ws-client must be light or ws, not ${opts.wsClient}`);
  if (!['lib', 'raw'].includes(opts.sioClient))
    throw new Error(`--sio-client must be lib or raw, not ${opts.sioClient}`);
  return opts;
}

const log = (...args) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

export async function run(argv) {
  const opts = parseArgs(argv);
  // Bounds the whole run: a stuck step cannot keep processes around.
  guardProcesses(20 * 60_000);
  const pinned = opts.pin && cpuList().length >= 2 && pinSelf('1');
  if (opts.pin && !pinned) log('not pinning CPUs (needs 2 cores and taskset)');
  // Profiles and GC logs are large and not for the repository: they go to the temp dir.
  const diagnostics =
    opts.cpuProf || opts.traceGc
      ? { dir: join(tmpdir(), 'bench-realtime-prof'), cpuProf: opts.cpuProf, traceGc: opts.traceGc }
      : null;
  if (diagnostics) {
    mkdirSync(diagnostics.dir, { recursive: true });
    log(`diagnostics of ours go to ${diagnostics.dir}`);
  }

  const clients = loadClients(opts);
  log(`load clients: Pusher protocol over ${clients.pusher}, Socket.IO over ${clients.socketio}`);
  const started = Date.now();
  waitBudget.maxMs = opts.waitBudgetMs;
  const results = await runAll(
    opts.only.map((name) => TARGETS[name]),
    { ...opts, pinned, diagnostics },
  );
  closeAgent();

  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpuList().length,
    cpuModel: cpuList()[0]?.model,
    pinned: pinned ? { server: 'cpu 0', clients: 'cpu 1' } : false,
    loadClients: clients,
    options: opts,
    waitedForQuietS: Math.round(waitBudget.spentMs / 1000),
    durationS: Math.round((Date.now() - started) / 1000),
    results,
  };
  const file = join(ROOT, 'bench/results', `${basename(String(opts.out))}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  printReport(report);
  log(`done in ${report.durationS} s; JSON in ${relative(ROOT, file)}`);
}

/** What the load clients of a protocol run on (the client decides part of the latency). */
function clientLibrary(protocol, opts) {
  if (protocol === 'socketio') return 'socket.io-client';
  return opts.wsClient === 'light' ? 'light-ws' : 'ws';
}

/** The clients of this run, for the header line and the JSON. */
function loadClients(opts) {
  const raw = clientLibrary('pusher', opts);
  return {
    pusher: raw,
    socketio: opts.sioClient === 'raw' ? `${raw}, raw packets` : 'socket.io-client',
  };
}

/**
 * The three servers run side by side: each starts fresh, has its idle memory measured and its
 * clients connected, and then stays up while the measured phases take turns between servers
 * (10/s on each, then 20/s on each, ...). A shared machine's load changes from minute to
 * minute; taking turns exposes the servers to the same conditions. Only the server being
 * measured has traffic; the others hold their idle clients.
 */
async function runAll(targets, opts) {
  const sessions = [];
  try {
    for (const target of targets) {
      log(`=== ${target.label}: start, idle memory, connect ===`);
      sessions.push(await openSession(target, opts));
    }
    const kinds = [
      ...opts.rates.map((rate) => ({
        key: `rate ${rate}`,
        run: (ctx) =>
          quietPhase(
            ctx,
            opts,
            `${ctx.target.label} ${rate}/s`,
            () => steady(ctx, rate, opts.phaseMs),
            opts.phaseMs,
          ),
        store: (out, result) => out.rates.push({ rate, ...result }),
      })),
      {
        key: 'saturation',
        run: (ctx) =>
          quietPhase(
            ctx,
            opts,
            `${ctx.target.label} saturation`,
            () => saturate(ctx, opts.saturationMs, opts.window),
            0,
          ),
        store: (out, result) => (out.saturation = result),
      },
    ];
    for (const [i, kind] of kinds.entries()) {
      log(`=== ${kind.key} ===`);
      // Rotate who goes first, so no server is always measured right after the same one.
      for (let j = 0; j < sessions.length; j++) {
        const session = sessions[(i + j) % sessions.length];
        kind.store(session.out, await kind.run(session.ctx));
      }
    }
    log('=== reconnect all at once ===');
    for (const { ctx, out } of sessions) {
      await waitQuiet(opts.quietWaitMs, true);
      out.reconnect = await storm(ctx);
      log(
        `${ctx.target.label}: ${out.reconnect.ok}/${out.reconnect.clients} subscribed again in ${out.reconnect.ms} ms, ` +
          `failed ${out.reconnect.failed}, listen queue overflows ${out.reconnect.listenOverflows}`,
      );
      // After the storm every client must receive again.
      out.afterReconnect = await phase(ctx, 'after reconnect', () => steady(ctx, 10, 1000), 1000);
      log(
        `${ctx.target.label}: after reconnect, lost ${out.afterReconnect.lost} of ${out.afterReconnect.expected}`,
      );
      out.serverRssEndKB = rssKB(ctx.pid);
    }
    return Object.fromEntries(sessions.map(({ ctx, out }) => [ctx.target.name, out]));
  } finally {
    for (const session of sessions) await session.close();
  }
}

/** Starts one server and its client workers; measures idle memory; connects the clients. */
async function openSession(target, opts) {
  const quiet = await waitQuiet(opts.quietWaitMs);
  const port = await freePort();
  const diagnostics = target.name === 'ours' ? opts.diagnostics : null;
  const spawnedAt = nowMs();
  const server = await target.start(port, {
    root: ROOT,
    cpus: opts.pinned ? '0' : null,
    diagnostics,
    backlog: opts.backlog,
    // For the full GCs of the idle-memory measure (idle-memory.mjs).
    inspect: true,
  });
  const readyAt = nowMs();
  let pool = null;
  let inspector = null;
  const close = async () => {
    inspector?.close();
    await pool?.stop();
    await stop(server.child);
    server.cleanup();
  };
  try {
    inspector = await Inspector.of(server.child);
    const client = target.client(port, opts);
    pool = await WorkerPool.start(opts.workers, client.protocol, client.url, opts.wsClient);
    const ctx = {
      target,
      port,
      pool,
      pid: server.child.pid,
      seq: 0,
      spawnedAt,
      readyAt,
      inspector,
      settleAfterStartMs: target.settleAfterStartMs ?? 0,
    };
    const out = {
      clientKind: client.protocol,
      clientLibrary: clientLibrary(client.protocol, opts),
      otherLoadBeforeStart: quiet,
    };

    out.idle = await idleMemory(
      ctx,
      () => connect(ctx, opts.idle, 200),
      () => ctx.pool.call('disconnect'),
    );
    // No debugger session stays attached during the measured phases.
    inspector.close();
    inspector = ctx.inspector = null;
    log(
      `${target.label}: idle ${out.idle.kbPerConnection} KB/connection after a full GC, ` +
        `${out.idle.kbPerConnectionBeforeGc} before it; heap ${out.idle.heapKbPerConnection} KB ` +
        `(${out.idle.connected} connected)`,
    );

    out.connect = await connect(ctx, opts.clients, 200);
    log(`${target.label}: connected ${out.connect.ok}/${opts.clients} in ${out.connect.ms} ms`);
    if (out.connect.failed) log(`  connect failures: ${JSON.stringify(out.connect.errors)}`);
    out.rates = [];
    await phase(ctx, 'warmup', () => steady(ctx, 20, opts.warmupMs), opts.warmupMs);
    return { ctx, out, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A measured phase, on a quiet machine if there is one: waits (bounded) for other processes to
 * go quiet, and runs the phase again, at most `retries` times, when they took more than
 * BUSY_PERCENT of a core meanwhile. Keeps the quietest attempt; losses of every attempt count.
 */
async function quietPhase(ctx, opts, name, publish, minDurationMs) {
  let best = null;
  const attempts = [];
  for (let attempt = 0; attempt <= opts.retries; attempt++) {
    await waitQuiet(opts.quietWaitMs, true);
    const started = nowMs();
    const result = await phase(ctx, name, publish, minDurationMs);
    log(describe(result));
    attempts.push(result);
    if (!best || result.otherCpu < best.otherCpu) best = result;
    // A re-run is time spent because of the other processes, like waiting.
    if (attempt > 0) waitBudget.spentMs += nowMs() - started;
    if (result.otherCpu <= BUSY_PERCENT) break;
    if (attempt === opts.retries || waitBudget.spentMs >= waitBudget.maxMs) break;
    log(`  ${name}: the machine was busy; measuring again`);
  }
  return {
    ...best,
    attempts: attempts.length,
    lostAllAttempts: attempts.reduce((s, r) => s + r.lost, 0),
  };
}

function describe(r) {
  return (
    `${r.name}: ${r.deliveriesPerSec}/s received, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms, ` +
    `lost ${r.lost}/${r.expected}; publish answered p50 ${r.publishRttP50Ms} ms, max ${r.publishRttMaxMs} ms; ` +
    `CPU: server ${r.serverCpu}%, clients ${r.clientCpu}% (${r.clientCpuUsPerDelivery} µs per delivery), ` +
    `other processes ${r.otherCpu}%` +
    (r.outOfOrder || r.duplicates || r.dropped
      ? `; OUT OF ORDER ${r.outOfOrder}, DUPLICATES ${r.duplicates}, DROPPED SOCKETS ${r.dropped}`
      : '')
  );
}

async function connect(ctx, total, concurrency) {
  const t0 = nowMs();
  const parts = await ctx.pool.call(
    'connect',
    (i) => ({ count: ctx.pool.split(total)(i), concurrency, timeoutMs: 30_000, seqBase: ctx.seq }),
    90_000,
  );
  return { ...sumResults(parts), ms: Math.round(nowMs() - t0) };
}

function sumResults(parts) {
  const errors = {};
  for (const p of parts)
    for (const [k, v] of Object.entries(p.errors)) errors[k] = (errors[k] ?? 0) + v;
  return {
    ok: parts.reduce((s, p) => s + p.ok, 0),
    failed: parts.reduce((s, p) => s + p.failed, 0),
    errors,
  };
}

/** One measured stretch of publishing: every delivery of seqs published in it is counted. */
async function phase(ctx, name, publish, minDurationMs) {
  const { pool } = ctx;
  const firstSeq = ctx.seq + 1;
  const starts = await pool.call('phaseStart', { firstSeq });
  pool.resetProgress(firstSeq - 1);
  const meter = cpuMeter([ctx.pid, ...pool.pids]);
  const serverCpuStart = cpuSeconds(ctx.pid);
  const clientsCpuSeconds = () => pool.pids.reduce((s, pid) => s + (cpuSeconds(pid) ?? 0), 0);
  const clientsCpuStart = clientsCpuSeconds();
  const writesStart = writeSyscalls(ctx.pid);
  const other = otherLoadMeter(benchPids());
  ctx.publishRtt = new Histogram();
  ctx.slowPublishes = [];
  const t0 = nowMs();
  await publish();
  const cpu = meter();
  const serverCpuSeconds = cpuSeconds(ctx.pid) - serverCpuStart;
  const writes = writeSyscalls(ctx.pid) - writesStart;
  const otherCpu = other();
  const publishMs = nowMs() - t0;
  const reports = await pool.call('phaseEnd', { lastSeq: ctx.seq, drainMs: 10_000 }, 30_000);
  // Up to the end of the drain: the clients' work on the last messages counts too.
  const clientsCpu = clientsCpuSeconds() - clientsCpuStart;

  const hist = new Histogram();
  for (const r of reports) hist.merge(r.hist);
  const sum = (key) => reports.reduce((s, r) => s + r[key], 0);
  const present = starts.reduce((s, r) => s + r.present, 0);
  const published = ctx.seq - firstSeq + 1;
  const lastRecv = Math.max(...reports.map((r) => r.lastRecv));
  const elapsedMs = Math.max(lastRecv - t0, minDurationMs);
  return {
    name,
    clients: present,
    published,
    publishMs: Math.round(publishMs),
    expected: published * present,
    received: sum('received'),
    lost: sum('lost'),
    clientsComplete: sum('complete'),
    dropped: sum('dropped'),
    outOfOrder: sum('outOfOrder'),
    duplicates: sum('duplicates'),
    deliveriesPerSec: Math.round(sum('received') / (elapsedMs / 1000)),
    // Deliveries per second of server CPU: the server's cost, whether or not it was the
    // bottleneck (at saturation the client core is nearly as busy as the server's).
    deliveriesPerServerCpuSec: cpu[0]
      ? Math.round(sum('received') / (elapsedMs / 1000) / (cpu[0] / 100))
      : null,
    // Server CPU time per delivery (µs) and write system calls per delivery, over the
    // publishing stretch (the drain after it is idle for a server that kept up).
    serverCpuUsPerDelivery: sum('received')
      ? round((serverCpuSeconds * 1e6) / sum('received'))
      : null,
    // The measuring clients' CPU time per delivery (µs): when it approaches the time between
    // deliveries, the clients rather than the server decide the latency.
    clientCpuUsPerDelivery: sum('received') ? round((clientsCpu * 1e6) / sum('received')) : null,
    writeSyscallsPerDelivery:
      Number.isFinite(writes) && sum('received') ? round(writes / sum('received'), 3) : null,
    p50Ms: round(hist.percentile(0.5)),
    p99Ms: round(hist.percentile(0.99)),
    maxMs: round(hist.max),
    negativeLatencies: hist.negative,
    serverCpu: cpu[0],
    clientCpu: cpu.slice(1).reduce((s, v) => s + (v ?? 0), 0),
    otherCpu,
    publishRttP50Ms: round(ctx.publishRtt.percentile(0.5)),
    publishRttP99Ms: round(ctx.publishRtt.percentile(0.99)),
    publishRttMaxMs: round(ctx.publishRtt.max),
    /** When the phase started, in ms after the server was spawned (to line up with --trace-gc). */
    startedAfterSpawnMs: Math.round(t0 - ctx.spawnedAt),
    /** [ms after phase start, answer ms] of publishes answered after more than 50 ms. */
    slowPublishes: ctx.slowPublishes,
  };
}

/** c. Every client's socket killed client-side at once, then all reconnect at once. */
async function storm(ctx) {
  const before = listenCounters();
  const other = otherLoadMeter(benchPids());
  const parts = await ctx.pool.call('storm', { seqBase: ctx.seq, timeoutMs: 30_000 }, 60_000);
  const start = Math.min(...parts.map((p) => p.start));
  const end = Math.max(...parts.map((p) => p.end));
  const after = listenCounters();
  return {
    // Machine-wide, but during the storm only the bench opens connections at this rate.
    listenOverflows: after.listenOverflows - before.listenOverflows,
    listenDrops: after.listenDrops - before.listenDrops,
    otherCpu: other(),
    ...sumResults(parts),
    clients: parts.reduce((s, p) => s + p.clients, 0),
    ms: Math.round(end - start),
  };
}

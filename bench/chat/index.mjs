import { writeFileSync, mkdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from '../lib/clock.mjs';
import { freePort } from '../lib/ports.mjs';
import { CREDS, ROOT, postgresSchema, startOurs } from '../lib/ours.mjs';
import { cpuSeconds, pidsNamed, postgresCpuMeter } from '../lib/proc-stats.mjs';
import {
  guardProcesses,
  onExit,
  pinProcess,
  pinSelf,
  startServer,
  startWorker,
  stop,
  waitHealthy,
} from '../lib/procs.mjs';
import { Histogram, round } from '../lib/stats.mjs';
import { Poster } from './poster.mjs';
import { Publisher } from './publisher.mjs';
import { optionReader } from '../lib/args.mjs';

/**
 * `npm run bench -- chat`: message posting as users do it. N users post over HTTP into a room
 * whose 500 members listen on their sockets; measured against the pure fan-out ceiling (the
 * same events published through the Pusher HTTP API of the same server, right before the
 * saturation phase) and a bare Fastify route, in the same run, on SQLite and (when it answers)
 * PostgreSQL. Server on CPU 0, load on CPU 1.
 */

/** Issue 11's targets: the post path's share of the fan-out ceiling, and p99 to the last member. */
const TARGETS = {
  ceilingShare: { sqlite: 0.9, postgres: 0.75 },
  lastMemberP99Ms: 50,
  atRate: 100,
};

function options(argv) {
  const get = optionReader(argv);
  return {
    members: Number(get('members', 500)),
    posters: Number(get('posters', 20)),
    rates: String(get('rates', '50,100,200')).split(',').map(Number),
    phaseMs: Number(get('phase-ms', 5000)),
    concurrency: Number(get('concurrency', 16)),
    dialects: String(get('dialects', 'sqlite,postgres')).split(','),
    // A CPU list for PostgreSQL's processes during its run (e.g. 1: the load's core, as if on a
    // machine of its own); 'all' leaves them where the kernel puts them.
    pgCpus: String(get('pg-cpus', 'all')),
  };
}

async function posters(port, count, roomId) {
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        nick: `poster${i}x${Date.now() % 10000}`,
        password: 'bench-pass-1',
        password_confirmation: 'bench-pass-1',
      }),
    });
    const { meta } = await res.json();
    const enter = await fetch(`http://127.0.0.1:${port}/api/room/${roomId}/enter`, {
      method: 'POST',
      headers: { authorization: `Bearer ${meta.token}` },
    });
    if (enter.status !== 200) throw new Error(`enter failed: ${enter.status}`);
    tokens.push(meta.token);
  }
  return new Poster(port, roomId, tokens);
}

function ask(worker, type) {
  return new Promise((resolveAnswer) => {
    const onMessage = (m) => {
      if (m.type === (type === 'connect' ? 'connected' : type)) {
        worker.off('message', onMessage);
        resolveAnswer(m);
      }
    };
    worker.on('message', onMessage);
    worker.send({ type });
  });
}

const pct = (json, p) => round(new Histogram().merge(json).percentile(p));

/**
 * Waits until the audience has what was sent (`expected` deliveries) or has stopped receiving
 * for `quietMs`: a phase that outran the audience's single core must not spill its backlog
 * into the next phase's figures.
 */
async function settle(worker, expected = Infinity, quietMs = 500) {
  const deadline = Date.now() + 30_000;
  let last = -1;
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    const { deliveries } = await ask(worker, 'peek');
    if (deliveries >= expected) return;
    if (deliveries !== last) {
      last = deliveries;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= quietMs) return;
    await sleep(100);
  }
}

async function phase(label, poster, worker, run, members, serverPid, dialect) {
  await settle(worker);
  await ask(worker, 'report'); // start from zero
  const serverCpuAtStart = cpuSeconds(serverPid);
  const pgCpu = dialect === 'postgres' ? postgresCpuMeter() : null;
  const posted = await run();
  const serverCpuMs = ((cpuSeconds(serverPid) ?? 0) - (serverCpuAtStart ?? 0)) * 1000;
  const pgCpuPercent = pgCpu ? pgCpu() : null;
  await settle(worker, posted.stored * members); // let the last broadcasts land
  const seen = await ask(worker, 'report');
  return {
    label,
    sent: posted.sent,
    stored: posted.stored,
    statuses: posted.statuses,
    storedPerSec: round(posted.perSecond),
    deliveredPerSec: round((seen.deliveries * 1000) / (posted.elapsedMs ?? 1)),
    deliveries: seen.deliveries,
    expectedDeliveries: posted.stored * members,
    completeMessages: seen.complete,
    postP50: round(posted.latency.percentile(0.5)),
    postP99: round(posted.latency.percentile(0.99)),
    receiptP50: pct(seen.latency, 0.5),
    receiptP99: pct(seen.latency, 0.99),
    lastMemberP99: pct(seen.lastMember, 0.99),
    // CPU per message stored (or published): comparable whatever the rate.
    serverCpuMsPerMessage: posted.stored > 0 ? round(serverCpuMs / posted.stored, 3) : null,
    postgresCpuMsPerMessage:
      pgCpuPercent === null || posted.stored === 0
        ? null
        : round(((pgCpuPercent / 100) * (posted.elapsedMs ?? 0)) / posted.stored, 3),
  };
}

/**
 * Pins PostgreSQL's processes (new backends inherit it from the postmaster) to `list`; the
 * answer puts them back on every CPU (also done if the bench is interrupted).
 */
function pinPostgres(list) {
  if (list === 'all') return () => {};
  const pin = (to) => {
    for (const pid of pidsNamed('postgres')) {
      try {
        pinProcess(pid, to);
      } catch {
        // A backend that ended meanwhile.
      }
    }
  };
  pin(list);
  return onExit(() => pin(`0-${cpus().length - 1}`));
}

async function benchOurs(dialect, opts) {
  const schema = dialect === 'postgres' ? await postgresSchema() : null;
  if (dialect === 'postgres' && !schema) return { skipped: 'PostgreSQL did not answer' };
  const server = await startOurs({ databaseUrl: schema?.url });
  const unpinPostgres = dialect === 'postgres' ? pinPostgres(opts.pgCpus) : () => {};
  const worker = startWorker(
    'members',
    fileURLToPath(new URL('./members-worker.mjs', import.meta.url)),
    [
      `ws://127.0.0.1:${server.port}`,
      CREDS.key,
      CREDS.secret,
      'presence-room.1',
      String(opts.members),
    ],
  );
  try {
    await ask(worker, 'connect');
    const poster = await posters(server.port, opts.posters, 1);
    // Warm up: the first requests compile modules (tsx) and JIT the hot path.
    await poster.saturate(opts.concurrency, 2000);
    const template = await lastMessage(server.port, poster.tokens[0], 1);
    const publisher = new Publisher(server.port, CREDS, 'presence-room.1', template);
    const rows = [];
    for (const rate of opts.rates) {
      rows.push(
        await phase(
          `${rate}/s`,
          poster,
          worker,
          async () => timed(() => poster.steady(rate, opts.phaseMs)),
          opts.members,
          server.child.pid,
          dialect,
        ),
      );
    }
    await publisher.saturate(opts.concurrency, 1000); // warm up the HTTP API route
    rows.push(
      await phase(
        'fan-out ceiling',
        publisher,
        worker,
        async () => timed(() => publisher.saturate(opts.concurrency, opts.phaseMs)),
        opts.members,
        server.child.pid,
        dialect,
      ),
    );
    publisher.close();
    rows.push(
      await phase(
        'saturation',
        poster,
        worker,
        async () => timed(() => poster.saturate(opts.concurrency, opts.phaseMs)),
        opts.members,
        server.child.pid,
        dialect,
      ),
    );
    poster.close();
    return { rows };
  } finally {
    worker.send({ type: 'close' });
    unpinPostgres();
    await server.stop();
    await schema?.drop();
  }
}

/** A real stored message of the room, as the API presents it: the ceiling's event template. */
async function lastMessage(port, token, roomId) {
  const res = await fetch(`http://127.0.0.1:${port}/api/room/${roomId}/messages`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = await res.json();
  if (!data?.length) throw new Error(`no message to copy: ${res.status}`);
  return data.at(-1);
}

/** PASS/FAIL of issue 11's targets for one dialect's rows. */
function targetsOf(dialect, rows) {
  const ceiling = rows.find((r) => r.label === 'fan-out ceiling');
  const saturation = rows.find((r) => r.label === 'saturation');
  const atRate = rows.find((r) => r.label === `${TARGETS.atRate}/s`);
  const share = ceiling && saturation ? saturation.deliveredPerSec / ceiling.deliveredPerSec : NaN;
  const wanted = TARGETS.ceilingShare[dialect] ?? TARGETS.ceilingShare.postgres;
  return [
    {
      target: `deliveries/s at saturation >= ${wanted * 100}% of the fan-out ceiling`,
      measured: `${saturation?.deliveredPerSec} / ${ceiling?.deliveredPerSec} = ${round(share * 100)}%`,
      pass: share >= wanted,
    },
    {
      target: `p99 POST -> last receipt < ${TARGETS.lastMemberP99Ms} ms at ${TARGETS.atRate} msg/s`,
      measured: atRate ? `${atRate.lastMemberP99} ms` : `no ${TARGETS.atRate}/s phase`,
      pass: atRate !== undefined && atRate.lastMemberP99 < TARGETS.lastMemberP99Ms,
    },
  ];
}

async function timed(run) {
  const started = performance.now();
  const result = await run();
  return { ...result, elapsedMs: performance.now() - started };
}

async function benchBare(opts) {
  const port = await freePort();
  const child = startServer(
    'bare-fastify',
    process.execPath,
    [fileURLToPath(new URL('../servers/bare-fastify.mjs', import.meta.url))],
    {
      cwd: ROOT,
      cpus: '0',
      env: { ...process.env, PORT: String(port) },
    },
  );
  try {
    await waitHealthy(child, `http://127.0.0.1:${port}/healthz`);
    const poster = new Poster(
      port,
      1,
      Array.from({ length: opts.posters }, (_, i) => `bare-token-${i}`),
    );
    await poster.saturate(opts.concurrency, 1000); // warm up
    const result = await poster.saturate(opts.concurrency, opts.phaseMs);
    poster.close();
    return {
      storedPerSec: round(result.perSecond),
      postP50: round(result.latency.percentile(0.5)),
      postP99: round(result.latency.percentile(0.99)),
    };
  } finally {
    await stop(child);
  }
}

export async function run(argv) {
  const opts = options(argv);
  guardProcesses(20 * 60_000);
  pinSelf('1');
  console.log(
    `chat bench: ${opts.members} listeners, ${opts.posters} posters, rates ${opts.rates.join(', ')}/s, ${opts.phaseMs} ms each`,
  );
  const bare = await benchBare(opts);
  console.log(
    `bare Fastify route: ${bare.storedPerSec} req/s (p50 ${bare.postP50} ms, p99 ${bare.postP99} ms)`,
  );
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    options: opts,
    bare,
    ours: {},
  };
  for (const dialect of opts.dialects) {
    console.log(`\nours on ${dialect}…`);
    const result = await benchOurs(dialect, opts);
    results.ours[dialect] = result;
    if (result.skipped) {
      console.log(`  skipped: ${result.skipped}`);
      continue;
    }
    console.table(
      result.rows.map((r) => ({
        phase: r.label,
        'stored/s': r.storedPerSec,
        'delivered/s': r.deliveredPerSec,
        lost: r.expectedDeliveries - r.deliveries,
        'POST p50': r.postP50,
        'POST p99': r.postP99,
        'receipt p50': r.receiptP50,
        'receipt p99': r.receiptP99,
        'last member p99': r.lastMemberP99,
        'server CPU ms/msg': r.serverCpuMsPerMessage,
        ...(dialect === 'postgres' ? { 'PG CPU ms/msg': r.postgresCpuMsPerMessage } : {}),
        errors:
          Object.entries(r.statuses)
            .filter(([s]) => s !== '201' && s !== '200')
            .map(([s, n]) => `${s}×${n}`)
            .join(' ') || '-',
      })),
    );
    const saturation = result.rows.at(-1);
    console.log(
      `  full path at saturation: ${saturation.storedPerSec} msg/s = ${round(saturation.storedPerSec / bare.storedPerSec)}× the bare route`,
    );
    result.targets = targetsOf(dialect, result.rows);
    for (const t of result.targets)
      console.log(`  ${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.measured}`);
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/chat.json'), JSON.stringify(results, null, 2));
  console.log('\nresults: bench/results/chat.json');
}

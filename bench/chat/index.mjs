import { writeFileSync, mkdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from '../lib/clock.mjs';
import { freePort } from '../lib/ports.mjs';
import { CREDS, ROOT, postgresSchema, startOurs } from '../lib/ours.mjs';
import {
  guardProcesses,
  pinSelf,
  startServer,
  startWorker,
  stop,
  waitHealthy,
} from '../lib/procs.mjs';
import { Histogram, round } from '../lib/stats.mjs';
import { Poster } from './poster.mjs';
import { optionReader } from '../lib/args.mjs';

/**
 * `npm run bench -- chat`: message posting as users do it. N users post over HTTP into a room
 * whose 500 members listen on their sockets; measured against a bare Fastify route in the same
 * run, on SQLite and (when it answers) PostgreSQL. Server on CPU 0, load on CPU 1.
 */

function options(argv) {
  const get = optionReader(argv);
  return {
    members: Number(get('members', 500)),
    posters: Number(get('posters', 20)),
    rates: String(get('rates', '50,100,200')).split(',').map(Number),
    phaseMs: Number(get('phase-ms', 5000)),
    concurrency: Number(get('concurrency', 16)),
    dialects: String(get('dialects', 'sqlite,postgres')).split(','),
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

async function phase(label, poster, worker, run, members) {
  await ask(worker, 'report'); // start from zero
  const posted = await run();
  await sleep(1500); // let the last broadcasts land
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
  };
}

async function benchOurs(dialect, opts) {
  const schema = dialect === 'postgres' ? await postgresSchema() : null;
  if (dialect === 'postgres' && !schema) return { skipped: 'PostgreSQL did not answer' };
  const server = await startOurs({ databaseUrl: schema?.url });
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
    const rows = [];
    for (const rate of opts.rates) {
      rows.push(
        await phase(
          `${rate}/s`,
          poster,
          worker,
          async () => timed(() => poster.steady(rate, opts.phaseMs)),
          opts.members,
        ),
      );
    }
    rows.push(
      await phase(
        'saturation',
        poster,
        worker,
        async () => timed(() => poster.saturate(opts.concurrency, opts.phaseMs)),
        opts.members,
      ),
    );
    poster.close();
    return { rows };
  } finally {
    worker.send({ type: 'close' });
    await server.stop();
    await schema?.drop();
  }
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
        errors:
          Object.entries(r.statuses)
            .filter(([s]) => s !== '201')
            .map(([s, n]) => `${s}×${n}`)
            .join(' ') || '-',
      })),
    );
    const saturation = result.rows.at(-1);
    console.log(
      `  full path at saturation: ${saturation.storedPerSec} msg/s = ${round(saturation.storedPerSec / bare.storedPerSec)}× the bare route`,
    );
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/chat.json'), JSON.stringify(results, null, 2));
  console.log('\nresults: bench/results/chat.json');
}

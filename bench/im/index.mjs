import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from '../lib/clock.mjs';
import { CREDS, ROOT, postgresSchema, registerMany, startOurs } from '../lib/ours.mjs';
import { cpuMeter, otherLoadMeter, pidsNamed, postgresCpuMeter } from '../lib/proc-stats.mjs';
import { waitBudget, waitQuiet } from '../lib/quiet.mjs';
import { benchPids, guardProcesses, pinProcess, pinSelf, startWorker } from '../lib/procs.mjs';
import { Histogram, round } from '../lib/stats.mjs';
import { ImPoster } from './poster.mjs';
import { optionReader } from '../lib/args.mjs';

/**
 * `npm run bench -- im`: private messages as people write them. P registered people form N
 * pairs (each person in about 2N/P of them, as people keep several conversations; with
 * `--people` = 2 × pairs every person has one), each pair's channel opened once; every person
 * listens on their own `private-user.{id}` socket; a poster sends a steady rate of messages
 * spread over all pairs.
 * Measured: POST sent → the recipient's socket has `Im.MessageStored`, and every message the
 * recipient never got. Setup (registration hashes passwords) may use both cores; the measured
 * phases run the server on CPU 0 and the load on CPU 1. SQLite, then PostgreSQL when it answers.
 */
const TARGET_P99_MS = 50;
/** A phase during which other processes used more than this (% of a core) is run again. */
const BUSY_PERCENT = 25;

function options(argv) {
  const get = optionReader(argv);
  return {
    pairs: Number(get('pairs', 1000)),
    // Registration hashes a password (~60 ms of CPU): 500 people register in a quarter of the
    // time 2,000 take, and the 1,000 channels and the message rate stay as they were.
    people: Number(get('people', 500)),
    rates: String(get('rates', '200')).split(',').map(Number),
    targetRate: Number(get('target-rate', 200)),
    phaseMs: Number(get('phase-ms', 5000)),
    warmupMs: Number(get('warmup-ms', 3000)),
    workers: Number(get('workers', 2)),
    dialects: String(get('dialects', 'sqlite,postgres')).split(','),
    quietWaitMs: Number(get('quiet-wait-ms', 20_000)),
    retries: Number(get('retries', 1)),
  };
}

function ask(worker, command, answer) {
  return new Promise((resolveAnswer) => {
    const onMessage = (m) => {
      if (m.type === answer) {
        worker.off('message', onMessage);
        resolveAnswer(m);
      }
    };
    worker.on('message', onMessage);
    worker.send(command);
  });
}

async function api(port, token, path, body) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  return { status: res.status, json };
}

/**
 * Which people form pair `i`: person `i mod P` writes to the person `d` places further round
 * the circle, `d` = 1, 2, … as the pairs go round again, so no pair repeats while
 * d ≤ (P − 1) / 2. With P = 2 × pairs this is the old layout's one channel per person.
 */
function pairLayout(people, pairs) {
  if (people === 2 * pairs) return Array.from({ length: pairs }, (_, i) => [2 * i, 2 * i + 1]);
  if (pairs > Math.floor((people - 1) / 2) * people)
    throw new Error(`${people} people cannot form ${pairs} different pairs this way`);
  return Array.from({ length: pairs }, (_, i) => {
    const a = i % people;
    return [a, (a + 1 + Math.floor(i / people)) % people];
  });
}

/** Opens each pair's channel once (the sender asks for the channel with the recipient). */
async function openChannels(port, users, layout, concurrency = 16) {
  const out = new Array(layout.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < layout.length) {
        const i = next++;
        const sender = users[layout[i][0]];
        const recipient = users[layout[i][1]];
        const { status, json } = await api(port, sender.token, '/api/im/channels', {
          user_id: recipient.id,
        });
        if (status !== 200 && status !== 201) {
          throw new Error(`POST /api/im/channels: ${status} ${JSON.stringify(json)}`);
        }
        out[i] = { channelId: json.data.id, sender, recipient };
      }
    }),
  );
  return out;
}

async function report(workers) {
  const answers = await Promise.all(workers.map((w) => ask(w, { type: 'report' }, 'report')));
  const latency = new Histogram();
  const echo = new Histogram();
  const received = new Set();
  let duplicates = 0;
  for (const a of answers) {
    latency.merge(a.latency);
    echo.merge(a.echo);
    duplicates += a.duplicates;
    for (const seq of a.received) received.add(seq);
  }
  return { latency, echo, received, duplicates };
}

async function phase(label, rate, opts, poster, workers, server, dialect) {
  await report(workers); // start from zero
  // PostgreSQL's own processes work for the server: not "other processes" (though other
  // sessions' tests may use the same PostgreSQL meanwhile).
  const pg = dialect === 'postgres' ? pidsNamed('postgres') : [];
  const other = otherLoadMeter([...benchPids(), ...pg]);
  const cpu = cpuMeter([server.child.pid]);
  const pgCpu = dialect === 'postgres' ? postgresCpuMeter() : null;
  const posted = await poster.steady(rate, opts.phaseMs);
  const [serverCpu] = cpu();
  const postgresCpu = pgCpu ? pgCpu() : null;
  const otherCpu = other();
  await sleep(1500); // the last deliveries land
  const seen = await report(workers);
  const lost = posted.stored.filter((seq) => !seen.received.has(seq)).length;
  return {
    label,
    rate,
    sent: posted.sent,
    stored: posted.stored.length,
    statuses: posted.statuses,
    storedPerSec: round((posted.stored.length * 1000) / posted.elapsedMs),
    postP50: round(posted.latency.percentile(0.5)),
    postP99: round(posted.latency.percentile(0.99)),
    receiptP50: round(seen.latency.percentile(0.5)),
    receiptP99: round(seen.latency.percentile(0.99)),
    receiptMax: round(seen.latency.max),
    senderCopyP99: round(seen.echo.percentile(0.99)),
    received: seen.received.size,
    lost,
    duplicates: seen.duplicates,
    serverCpu,
    postgresCpu,
    // CPU time per stored message: comparable across runs whatever the rate or the phase.
    serverCpuMsPerMessage: perMessage(serverCpu, posted),
    postgresCpuMsPerMessage: postgresCpu === null ? null : perMessage(postgresCpu, posted),
    otherCpu,
  };
}

function perMessage(cpuPercent, posted) {
  if (cpuPercent === null || posted.stored.length === 0) return null;
  return round((cpuPercent / 100) * (posted.elapsedMs / posted.stored.length), 3);
}

/**
 * A phase on a quiet machine if there is one: waits (bounded) for other processes to go quiet,
 * and runs it again, at most `retries` times, when they took more than BUSY_PERCENT of a core
 * meanwhile. Keeps the quietest attempt; the losses of every attempt count.
 */
async function quietPhase(label, rate, opts, ...rest) {
  let best = null;
  let lostAll = 0;
  for (let attempt = 0; attempt <= opts.retries; attempt++) {
    await waitQuiet(opts.quietWaitMs);
    const r = await phase(label, rate, opts, ...rest);
    lostAll += r.lost;
    r.attempts = attempt + 1;
    if (!best || r.otherCpu < best.otherCpu) best = r;
    if (r.otherCpu <= BUSY_PERCENT) break;
    if (attempt < opts.retries) {
      console.log(`  other processes used ${r.otherCpu}% of a core during ${label}: once more`);
    }
  }
  return { ...best, lostAllAttempts: lostAll };
}

async function benchDialect(dialect, opts) {
  const schema = dialect === 'postgres' ? await postgresSchema() : null;
  if (dialect === 'postgres' && !schema) return { skipped: 'PostgreSQL did not answer' };
  // Both cores while the passwords are hashed; CPU 0 alone once the phases start.
  const server = await startOurs({ databaseUrl: schema?.url, cpus: null });
  const workers = [];
  try {
    const layout = pairLayout(opts.people, opts.pairs);
    const setupStarted = performance.now();
    const users = await registerMany(server.port, opts.people, 'im', 8);
    const registeredMs = performance.now() - setupStarted;
    const pairs = await openChannels(server.port, users, layout);
    const setupMs = performance.now() - setupStarted;
    console.log(
      `  setup: ${users.length} users registered in ${(registeredMs / 1000).toFixed(1)} s, ${pairs.length} channels opened in ${((setupMs - registeredMs) / 1000).toFixed(1)} s`,
    );
    pinProcess(server.child.pid, '0');

    const perWorker = Math.ceil(users.length / opts.workers);
    for (let w = 0; w < opts.workers; w++) {
      const mine = users.slice(w * perWorker, (w + 1) * perWorker);
      if (!mine.length) continue;
      const worker = startWorker(
        `sockets-${w}`,
        fileURLToPath(new URL('./sockets-worker.mjs', import.meta.url)),
        [server.wsUrl, CREDS.key, CREDS.secret],
      );
      workers.push(worker);
      const answer = await ask(
        worker,
        { type: 'connect', users: mine.map((u) => ({ id: u.id })) },
        'connected',
      );
      if (answer.error) throw new Error(`sockets-${w}: ${answer.error}`);
    }
    console.log(`  ${users.length} sockets subscribed to their private-user channels`);

    const poster = new ImPoster(server.port, pairs);
    // Warm-up: the first requests compile modules (tsx) and JIT the hot path.
    const warm = await poster.steady(opts.targetRate, opts.warmupMs);
    if (!warm.stored.length) {
      throw new Error(`warm-up stored nothing: statuses ${JSON.stringify(warm.statuses)}`);
    }
    const rows = [];
    for (const rate of opts.rates) {
      rows.push(await quietPhase(`${rate}/s`, rate, opts, poster, workers, server, dialect));
    }
    poster.close();
    return { setupMs: Math.round(setupMs), registeredMs: Math.round(registeredMs), rows };
  } finally {
    for (const w of workers) w.send({ type: 'close' });
    await server.stop();
    await schema?.drop();
  }
}

const fmt = (n) => (n === null || n === undefined ? '–' : n.toLocaleString('en-US'));

function markdown(results, opts) {
  const dialects = opts.dialects.filter((d) => results.ours[d] && !results.ours[d].skipped);
  const names = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
  const lines = [
    `| figure | ${dialects.map((d) => names[d] ?? d).join(' | ')} |`,
    `|---|${dialects.map(() => '---').join('|')}|`,
  ];
  const row = (label, f) =>
    lines.push(`| ${label} | ${dialects.map((d) => f(results.ours[d])).join(' | ')} |`);
  for (const rate of opts.rates) {
    const r = (o) => o.rows.find((x) => x.rate === rate);
    const strong = rate === opts.targetRate;
    row(`${rate} msg/s: stored / sent`, (o) => `${fmt(r(o).stored)} / ${fmt(r(o).sent)}`);
    row(`${rate} msg/s: POST answered p50 / p99 ms`, (o) => `${r(o).postP50} / ${r(o).postP99}`);
    row(
      `${strong ? '**' : ''}${rate} msg/s: POST → recipient p50 / p99 ms${strong ? '**' : ''}`,
      (o) => `${r(o).receiptP50} / ${strong ? `**${r(o).receiptP99}**` : r(o).receiptP99}`,
    );
    row(
      `${rate} msg/s: lost (all attempts) / duplicated`,
      (o) => `${r(o).lostAllAttempts} / ${r(o).duplicates}`,
    );
    row(`${rate} msg/s: sender's own copy p99 ms`, (o) => `${r(o).senderCopyP99}`);
    row(`${rate} msg/s: server CPU % of its core`, (o) => `${r(o).serverCpu}`);
    row(`${rate} msg/s: server CPU ms per message`, (o) => `${r(o).serverCpuMsPerMessage}`);
    row(
      `${rate} msg/s: PostgreSQL processes, CPU % of a core`,
      (o) => `${r(o).postgresCpu ?? '–'}`,
    );
    row(
      `${rate} msg/s: PostgreSQL CPU ms per message`,
      (o) => `${r(o).postgresCpuMsPerMessage ?? '–'}`,
    );
    row(`${rate} msg/s: other processes, CPU % of a core`, (o) => `${r(o).otherCpu}`);
  }
  row(`setup: ${fmt(opts.people)} users registered, ${fmt(opts.pairs)} channels opened (s)`, (o) =>
    (o.setupMs / 1000).toFixed(0),
  );
  return lines.join('\n');
}

export async function run(argv) {
  if (argv.includes('--statements')) return (await import('./statements.mjs')).run(argv);
  const opts = options(argv);
  guardProcesses(20 * 60_000);
  pinSelf('1');
  waitBudget.maxMs = 120_000;
  console.log(
    `im bench: ${opts.people} people in ${opts.pairs} pairs, rates ${opts.rates.join(', ')}/s, ${opts.phaseMs} ms each (target p99 < ${TARGET_P99_MS} ms at ${opts.targetRate}/s)`,
  );
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    options: opts,
    ours: {},
    verdicts: {},
  };
  for (const dialect of opts.dialects) {
    console.log(`\nours on ${dialect}…`);
    const result = await benchDialect(dialect, opts);
    results.ours[dialect] = result;
    if (result.skipped) {
      console.log(`  skipped: ${result.skipped}`);
      continue;
    }
    console.table(
      result.rows.map((r) => ({
        phase: r.label,
        'stored/s': r.storedPerSec,
        lost: r.lost,
        dup: r.duplicates,
        'POST p50': r.postP50,
        'POST p99': r.postP99,
        'recipient p50': r.receiptP50,
        'recipient p99': r.receiptP99,
        'server CPU%': r.serverCpu,
        'server ms/msg': r.serverCpuMsPerMessage,
        'PG CPU%': r.postgresCpu ?? '-',
        'PG ms/msg': r.postgresCpuMsPerMessage ?? '-',
        'other CPU%': r.otherCpu,
        errors:
          Object.entries(r.statuses)
            .filter(([s]) => s !== '201')
            .map(([s, n]) => `${s}×${n}`)
            .join(' ') || '-',
      })),
    );
    const target = result.rows.find((r) => r.rate === opts.targetRate);
    if (target) {
      const pass =
        target.receiptP99 !== null &&
        target.receiptP99 < TARGET_P99_MS &&
        target.lostAllAttempts === 0;
      results.verdicts[dialect] = pass ? 'PASS' : 'FAIL';
      console.log(
        `  ${pass ? 'PASS' : 'FAIL'}: p99 POST → recipient ${target.receiptP99} ms at ${opts.targetRate}/s (target < ${TARGET_P99_MS} ms), lost ${target.lostAllAttempts}${target.otherCpu > 25 ? ` — other processes used ${target.otherCpu}% of a core meanwhile` : ''}`,
      );
    }
  }
  console.log(`\n${markdown(results, opts)}\n`);
  const verdicts = Object.entries(results.verdicts);
  if (verdicts.length) {
    const all = verdicts.every(([, v]) => v === 'PASS') ? 'PASS' : 'FAIL';
    console.log(
      `${all}: im target (p99 POST → recipient < ${TARGET_P99_MS} ms at ${opts.targetRate} msg/s, 0 lost) — ${verdicts.map(([d, v]) => `${d} ${v}`).join(', ')}`,
    );
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/im.json'), JSON.stringify(results, null, 2));
  console.log('results: bench/results/im.json');
  if (Object.values(results.verdicts).includes('FAIL')) process.exitCode = 1;
}

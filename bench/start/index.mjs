import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { optionReader } from '../lib/args.mjs';
import { sleep } from '../lib/clock.mjs';
import { CREDS, ROOT } from '../lib/ours.mjs';
import { freePort } from '../lib/ports.mjs';
import { cpuSeconds, machineBusySeconds, rssKB } from '../lib/proc-stats.mjs';
import { guardProcesses, onExit, startServer, stop } from '../lib/procs.mjs';
import { waitBudget, waitQuiet } from '../lib/quiet.mjs';
import {
  ensureServerBuilt,
  SERVER_MAIN,
  SERVER_NODE_FLAGS,
} from '../../apps/server/scripts/build.mjs';

/**
 * `npm run bench -- start [--runs 5]`: how long our server takes to start and how much memory it
 * holds, TypeScript through tsx (as `npm start` ran it before) against the esbuild build (as it
 * runs now), on SQLite. Per way of starting: one first start on a fresh data dir (migrations,
 * demo seed, admin account), then `runs` restarts on that data (what a deploy or a crash
 * does), taken in turns so that a disturbance on the shared machine hits every way alike. Start
 * time runs from spawn until /healthz answers 200 (polled every 5 ms); CPU is the server's user +
 * system time by then; RSS (VmRSS) is read once healthy and again after a few requests (the
 * site's init, the home page, a registration), which load the code paths a first visitor needs.
 */
const WAYS = [
  { name: 'tsx, from sources (before)', args: ['--import', 'tsx', 'apps/server/src/main.ts'] },
  {
    name: 'built, --enable-source-maps (before the small young generation)',
    args: ['--enable-source-maps', SERVER_MAIN],
  },
  {
    name: `built, ${SERVER_NODE_FLAGS.join(' ')} (now)`,
    args: [...SERVER_NODE_FLAGS, SERVER_MAIN],
  },
  { name: 'built, no source maps', args: [SERVER_MAIN] },
];

async function untilHealthy(child, url) {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${child.output.join('\n')}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(5);
  }
  throw new Error(`no answer from ${url}:\n${child.output.join('\n')}`);
}

async function someRequests(base, i) {
  for (let n = 0; n < 20; n++) await (await fetch(`${base}/api/init`)).arrayBuffer();
  for (let n = 0; n < 20; n++) await (await fetch(`${base}/`)).arrayBuffer();
  const nick = `start${i}_${Date.now().toString(36).slice(-5)}`;
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nick, password: 'bench-pass-1', password_confirmation: 'bench-pass-1' }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
}

/** CPU seconds of the servers started so far, each read just before it is stopped. */
let serversCpuSeconds = 0;

/** The machine's busy CPU not spent by this bench nor its servers, in % of one core. */
function otherLoadSince() {
  const selfCpu = () => (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
  const start = { at: performance.now(), busy: machineBusySeconds(), self: selfCpu() };
  const servers = serversCpuSeconds;
  return () => {
    const seconds = (performance.now() - start.at) / 1000;
    const ours = selfCpu() - start.self + (serversCpuSeconds - servers);
    return Math.max(0, Math.round(((machineBusySeconds() - start.busy - ours) / seconds) * 100));
  };
}

/** One start of `way` on `dataDir`: its figures, then it is stopped. */
async function measureStart(way, dataDir, i) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = startServer('start', process.execPath, way.args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, 'chat.sqlite')}`,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-password-1',
      PUSHER_APP_ID: CREDS.appId,
      PUSHER_KEY: CREDS.key,
      PUSHER_SECRET: CREDS.secret,
      REGISTER_RATE_LIMIT: '1000000',
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0',
      REALTIME_MAX_SOCKETS_PER_ACCOUNT: '0',
    },
  });
  try {
    await untilHealthy(child, `${base}/healthz`);
    const startMs = performance.now() - started;
    const cpuMs = cpuSeconds(child.pid) * 1000;
    const rssHealthyKB = rssKB(child.pid);
    await someRequests(base, i);
    await sleep(200);
    return { startMs, cpuMs, rssHealthyKB, rssAfterKB: rssKB(child.pid) };
  } finally {
    serversCpuSeconds += cpuSeconds(child.pid) ?? 0;
    await stop(child);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const mb = (kb) => (kb / 1024).toFixed(0);
const ms = (value) => value.toFixed(0);

export async function run(argv) {
  const option = optionReader(argv);
  const runs = Number(option('runs', 5));
  guardProcesses(10 * 60_000);
  waitBudget.maxMs = 60_000;
  await ensureServerBuilt();

  const dataDirs = WAYS.map(() => mkdtempSync(join(tmpdir(), 'chat-bench-start-')));
  onExit(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const load = await waitQuiet(20_000);
  console.log(`other processes before the run: ${load}% of a core`);

  const otherLoad = otherLoadSince();
  const first = [];
  for (const [w, way] of WAYS.entries()) first[w] = await measureStart(way, dataDirs[w], 0);
  const restarts = WAYS.map(() => []);
  for (let i = 1; i <= runs; i++) {
    // Taken in turns, a different way first each round.
    for (let k = 0; k < WAYS.length; k++) {
      const w = (i + k) % WAYS.length;
      restarts[w].push(await measureStart(WAYS[w], dataDirs[w], i));
    }
  }

  const loadDuring = otherLoad();
  const rows = WAYS.map((way, w) => {
    const all = restarts[w];
    const pick = (key) => median(all.map((r) => r[key]));
    return {
      way: way.name,
      firstStartMs: first[w].startMs,
      startMs: pick('startMs'),
      startMinMs: Math.min(...all.map((r) => r.startMs)),
      startMaxMs: Math.max(...all.map((r) => r.startMs)),
      cpuMs: pick('cpuMs'),
      rssHealthyKB: pick('rssHealthyKB'),
      rssAfterKB: pick('rssAfterKB'),
    };
  });
  console.log(
    `\nStart on SQLite, median of ${runs} restarts (first start: one, fresh data dir); ` +
      `other processes used ${loadDuring}% of a core meanwhile\n`,
  );
  console.log(
    '| way | first start ms | restart ms (min–max) | CPU at healthy ms | RSS healthy MB | RSS after requests MB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.way} | ${ms(r.firstStartMs)} | ${ms(r.startMs)} (${ms(r.startMinMs)}–${ms(r.startMaxMs)}) | ${ms(r.cpuMs)} | ${mb(r.rssHealthyKB)} | ${mb(r.rssAfterKB)} |`,
    );
  }
  const [before, now] = rows;
  console.log(
    `\nbuilt vs tsx: restart ${ms(before.startMs - now.startMs)} ms faster, ` +
      `RSS after requests ${mb(before.rssAfterKB - now.rssAfterKB)} MB less`,
  );
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench/results/start.json'),
    JSON.stringify({ runs, otherLoadPercent: loadDuring, rows }, null, 2),
  );
  console.log('results: bench/results/start.json');
}

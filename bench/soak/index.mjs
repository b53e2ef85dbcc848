import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { optionReader } from '../lib/args.mjs';
import { nowMs, sleep } from '../lib/clock.mjs';
import { CREDS, ROOT, startOurs } from '../lib/ours.mjs';
import { listenCounters } from '../lib/proc-stats.mjs';
import { guardProcesses, pinProcess, pinSelf } from '../lib/procs.mjs';
import { waitBudget, waitQuiet } from '../lib/quiet.mjs';
import { Histogram, round } from '../lib/stats.mjs';
import { ChatLoad } from './chat-load.mjs';
import { forceGc, INSPECT_OPTION, inspectorUrl } from './forced-gc.mjs';
import { observeRooms } from './observer.mjs';
import { makePopulation } from './population.mjs';
import { ServerWatch } from './server-watch.mjs';
import { Tabs } from './tabs.mjs';
import { markdown, verdicts } from './report.mjs';

/**
 * `npm run bench -- soak`: one server node (SQLite, started as in production, on CPU 0) under
 * 10,000 tabs (load workers on CPU 1): 5,000 in the presence channels of 200 rooms, guests and
 * users; a steady chat load over HTTP all along; a reconnect storm of every tab; an hour of a
 * busy site's joins and leaves compressed into a few minutes. Reports RSS, CPU, event-loop
 * delay and exact losses; prints PASS/FAIL per target.
 */

function options(argv) {
  const get = optionReader(argv);
  const o = {
    tabs: Number(get('tabs', 10_000)),
    members: Number(get('members', 5000)),
    rooms: Number(get('rooms', 200)),
    registered: Number(get('registered', 60)),
    workers: Number(get('workers', 4)),
    rate: Number(get('rate', 20)),
    postRooms: Number(get('post-rooms', 50)),
    connectConcurrency: Number(get('connect-concurrency', 100)),
    warmupMs: Number(get('warmup-ms', 15_000)),
    steadyMs: Number(get('steady-ms', 30_000)),
    afterStormMs: Number(get('after-storm-ms', 20_000)),
    churnMs: Number(get('churn-ms', 180_000)),
    settleMs: Number(get('settle-ms', 10_000)),
    graceMs: Number(get('grace-ms', 1000)),
    // A busy hour: each tab reloads or reconnects 3 times (a socket lives 20 minutes on
    // average), each room member leaves the room's page and comes back twice.
    reconnectsPerTabHour: Number(get('reconnects-per-tab-hour', 3)),
    presencePerMemberHour: Number(get('presence-per-member-hour', 2)),
    quietWaitMs: Number(get('quiet-wait-ms', 30_000)),
  };
  const compression = 3_600_000 / o.churnMs;
  o.reconnectsPerSec = round((o.tabs * o.reconnectsPerTabHour * compression) / 3600);
  o.togglesPerSec = round((o.members * o.presencePerMemberHour * compression) / 3600);
  return o;
}

const log = (...args) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

/** The tabs dealt round-robin, so every worker holds a mix of members, second tabs, visitors. */
const dealt = (tabs, workers) => (i) => ({ tabs: tabs.filter((_, j) => j % workers === i) });

const sum = (parts, field) => parts.reduce((s, p) => s + p[field], 0);
const mergeCounts = (parts, field) => {
  const out = {};
  for (const p of parts) for (const [k, v] of Object.entries(p[field])) out[k] = (out[k] ?? 0) + v;
  return out;
};

/** Every worker's counters since the last report, added up. */
async function tabsReport(tabs) {
  const parts = await tabs.call('report');
  const latency = new Histogram();
  for (const p of parts) latency.merge(p.latency);
  return {
    ready: parts.reduce((s, p) => s + p.counts.ready, 0),
    presenceSubscriptions: parts.reduce((s, p) => s + p.counts.presenceSubscriptions, 0),
    deliveries: sum(parts, 'deliveries'),
    stray: sum(parts, 'stray'),
    unexpectedCloses: sum(parts, 'unexpectedCloses'),
    closeCodes: mergeCounts(parts, 'closeCodes'),
    errors: mergeCounts(parts, 'errors'),
    receiptP50Ms: round(latency.percentile(0.5)),
    receiptP99Ms: round(latency.percentile(0.99)),
  };
}

async function connectAll(tabs, opts) {
  const parts = await tabs.call('connect', { concurrency: opts.connectConcurrency }, 240_000);
  return {
    ok: sum(parts, 'ok'),
    failed: sum(parts, 'failed'),
    retries: sum(parts, 'retries'),
    ms: Math.round(Math.max(...parts.map((p) => p.end)) - Math.min(...parts.map((p) => p.start))),
    failures: mergeCounts(parts, 'failures'),
  };
}

async function storm(tabs) {
  const before = listenCounters();
  const parts = await tabs.call('storm', {}, 180_000);
  const after = listenCounters();
  const cutAt = Math.min(...parts.map((p) => p.cutAt));
  return {
    tabs: sum(parts, 'tabs'),
    ok: sum(parts, 'ok'),
    failed: sum(parts, 'failed'),
    retries: sum(parts, 'retries'),
    allBackMs: Math.round(Math.max(...parts.map((p) => p.end)) - cutAt),
    failures: mergeCounts(parts, 'failures'),
    listenOverflows: after.listenOverflows - before.listenOverflows,
  };
}

/** Losses and duplicates per phase, from every worker's episodes against the stored posts. */
async function losses(tabs, stored, phases, graceMs) {
  const parts = await tabs.call('verify', { messages: stored, graceMs, phases }, 120_000);
  const perPhase = {};
  for (const p of parts) {
    for (const [label, r] of Object.entries(p.perPhase)) {
      const row = (perPhase[label] ??= { expected: 0, lost: 0, duplicates: 0 });
      row.expected += r.expected;
      row.lost += r.lost;
      row.duplicates += r.duplicates;
    }
  }
  return {
    perPhase,
    unknown: sum(parts, 'unknown'),
    lostEpisodes: sum(parts, 'lostEpisodes'),
    lostExamples: parts.flatMap((p) => p.lostExamples).slice(0, 10),
  };
}

/** Presence at the end: each tab's member lists and the server's, against the tabs' truth. */
async function presenceCheck(tabs, roomIds, wsUrl) {
  const parts = await tabs.call('truth');
  const truth = {};
  for (const p of parts)
    for (const [room, ids] of Object.entries(p.rooms)) (truth[room] ??= []).push(...ids);
  const views = await tabs.call('checkViews', { truth }, 60_000);
  const server = await observeRooms(wsUrl, CREDS, roomIds, truth);
  return {
    members: Object.values(truth).reduce((s, ids) => s + ids.length, 0),
    viewsChecked: sum(views, 'checked'),
    viewsMismatched: sum(views, 'mismatched'),
    viewExamples: views.flatMap((v) => v.examples).slice(0, 5),
    serverRooms: server.rooms,
    serverRoomsDiffering: server.differing,
    serverExamples: server.examples,
  };
}

export async function run(argv) {
  const opts = options(argv);
  guardProcesses(15 * 60_000);
  pinSelf('1');
  waitBudget.maxMs = 60_000;
  console.log(
    `soak: ${opts.tabs} tabs (${opts.members} in presence over ${opts.rooms} rooms), ${opts.rate} msg/s into ${opts.postRooms} rooms; churn ${opts.reconnectsPerSec} reconnects/s + ${opts.togglesPerSec} presence leaves/s for ${opts.churnMs / 1000} s`,
  );
  const quietAtStart = await waitQuiet(opts.quietWaitMs);
  const started = nowMs();
  // Both cores while the people are made (password hashes); CPU 0 alone for the soak.
  const server = await startOurs({
    cpus: null,
    env: { NODE_OPTIONS: [process.env.NODE_OPTIONS, INSPECT_OPTION].filter(Boolean).join(' ') },
  });
  const inspector = inspectorUrl(server.child.output);
  /** Memory after a wait and a full GC (both when the inspector answered). */
  const settled = async () => {
    await sleep(opts.settleMs);
    const beforeGc = await watch.memory();
    if (inspector) await forceGc(inspector);
    return {
      ...(await watch.memory()),
      rssBeforeGcMB: beforeGc.rssMB,
      forcedGc: Boolean(inspector),
    };
  };
  const watch = new ServerWatch(server.child.pid, server.port);
  let tabs = null;
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    options: opts,
    quietAtStart,
    phases: [],
  };
  try {
    results.rssAfterStartMB = round(watch.rss() / 1024);
    const setupStarted = nowMs();
    const population = await makePopulation(server.port, opts);
    results.population = { ...population.counts, setupS: round((nowMs() - setupStarted) / 1000) };
    log(`setup: ${JSON.stringify(results.population)}`);
    pinProcess(server.child.pid, '0');
    tabs = await Tabs.start(opts.workers, server.wsUrl, CREDS);
    await tabs.call('setup', dealt(population.tabs, opts.workers));
    watch.start();
    const phase = async (label, body) => {
      await watch.begin(label);
      const extra = (await body()) ?? {};
      const row = { ...(await watch.end()), ...(await tabsReport(tabs)), ...extra };
      results.phases.push(row);
      log(
        `${label}: ${row.seconds} s, server CPU ${row.cpuPercent}%, RSS ${row.rssEndMB} MB (peak ${row.rssPeakMB}), loop p99 ${row.loopP99Ms} ms, tabs ready ${row.ready}, other CPU ${row.otherCpuPercent}%`,
      );
      return row;
    };

    // The warm-up wave: everyone comes once and leaves, so code is compiled, pools and caches
    // are full, and the heap has grown to its working size before the baseline is taken.
    await waitQuiet(opts.quietWaitMs, true);
    const warmChat = new ChatLoad(server.port, population.owners, opts.postRooms, 1_000_000);
    await phase('warm-up wave', async () => {
      const connected = await connectAll(tabs, opts);
      warmChat.start(opts.rate);
      await sleep(opts.warmupMs);
      await warmChat.stop();
      await tabs.call('leaveAll');
      return { connect: connected };
    });
    results.baselineMemory = await settled();
    results.rssBaselineMB = results.baselineMemory.rssMB;
    await tabs.call('reset');
    log(
      `baseline RSS (warm-up wave gone, ${opts.settleMs / 1000} s later): ${results.rssBaselineMB} MB`,
    );

    const chat = new ChatLoad(server.port, population.owners, opts.postRooms, 0);
    const marks = [];
    const mark = (label) => marks.push({ label, from: nowMs() });
    mark('connect');
    await phase('connect', async () => ({ connect: await connectAll(tabs, opts) }));
    mark('steady');
    chat.start(opts.rate);
    await phase('steady', () => sleep(opts.steadyMs));
    mark('storm');
    await phase('reconnect storm', async () => {
      const result = await storm(tabs);
      log(`storm: ${JSON.stringify(result)}`);
      await sleep(opts.afterStormMs);
      return { storm: result };
    });
    mark('churn');
    await phase('churn (an hour compressed)', async () => {
      await tabs.call('churnStart', () => ({
        reconnectsPerSec: opts.reconnectsPerSec / opts.workers,
        togglesPerSec: opts.togglesPerSec / opts.workers,
      }));
      await sleep(opts.churnMs);
      const parts = await tabs.call('churnStop', {}, 120_000);
      return {
        churn: {
          reconnects: sum(parts, 'reconnects'),
          presenceLeaves: sum(parts, 'toggles'),
          failed: sum(parts, 'failed'),
        },
      };
    });
    mark('after churn');
    await phase('after churn', async () => {
      await sleep(5000);
      await chat.stop();
      await sleep(2000); // the last deliveries land
    });
    const posts = chat.take();
    results.chat = {
      posted: chat.seq - chat.seqBase,
      stored: chat.stored.length,
      statuses: posts.statuses,
      postP50Ms: round(posts.latency.percentile(0.5)),
      postP99Ms: round(posts.latency.percentile(0.99)),
    };
    if (results.chat.stored < results.chat.posted) {
      // The server's last words explain failed posts better than their statuses.
      console.error(`server output:\n${server.child.output.slice(-10).join('\n')}`);
    }
    results.presence = await presenceCheck(tabs, population.roomIds, server.wsUrl);
    log(`presence: ${JSON.stringify(results.presence)}`);
    results.losses = await losses(tabs, chat.stored, marks, opts.graceMs);
    log(`losses: ${JSON.stringify(results.losses)}`);

    await phase('all leave', () => tabs.call('leaveAll'));
    results.rssAfterLeaveMB = round(watch.rss() / 1024);
    results.settledMemory = await settled();
    results.rssAfterSettleMB = results.settledMemory.rssMB;
    results.rssPeakMB = Math.max(...results.phases.map((p) => p.rssPeakMB));
    results.totalS = round((nowMs() - started) / 1000);
  } finally {
    watch.stop();
    await tabs?.stop();
    await server.stop();
  }

  results.verdicts = verdicts(results);
  console.log(`\n${markdown(results)}\n`);
  for (const v of results.verdicts) console.log(`${v.pass ? 'PASS' : 'FAIL'}: ${v.text}`);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/soak.json'), JSON.stringify(results, null, 2));
  console.log('results: bench/results/soak.json');
  if (results.verdicts.some((v) => !v.pass)) process.exitCode = 1;
}

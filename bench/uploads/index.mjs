import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nowMs } from '../lib/clock.mjs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CREDS, ROOT, nodeArgsFor, registerMany, startOurs } from '../lib/ours.mjs';
import { cpuMeter, otherLoadMeter, rssKB } from '../lib/proc-stats.mjs';
import { waitBudget, waitQuiet } from '../lib/quiet.mjs';
import {
  benchPids,
  guardProcesses,
  hasTaskset,
  onExit,
  pinSelf,
  startWorker,
  stop,
} from '../lib/procs.mjs';
import { Samples, round } from '../lib/stats.mjs';
import { makeInputs } from './inputs.mjs';
import { Uploader } from './uploader.mjs';
import { optionReader } from '../lib/args.mjs';

/**
 * `npm run bench -- uploads`: the upload pipeline as people use it. Pictures made in the run
 * (phone photos, screenshots, small GIFs) are re-encoded by `sharp` alone as the pipeline does
 * (the floor), then sent by 20 people at once to our server over HTTP, each waiting for its
 * `AttachmentReady` before sending the next. Both on CPU 0 (server or floor), the load on CPU 1.
 * With the adult classifier on (the default) and off, since it is part of the work.
 */
const TARGET_RATIO = 0.8;
// packages/shared/src/uploads/constants.ts: IMAGE_MAX_SIDE, THUMB_MAX_SIDE, IMAGE_MAX_PIXELS.
const LIMITS = { maxSide: 2048, thumbSide: 320, maxPixels: 50_000_000 };

function options(argv) {
  const get = optionReader(argv);
  return {
    photos: Number(get('photos', 30)),
    screenshots: Number(get('screenshots', 30)),
    gifs: Number(get('gifs', 30)),
    variants: Number(get('variants', 3)),
    uploaders: Number(get('uploaders', 20)),
    // Attachments processed at once: the server's JOB_CONCURRENCY (default 2, config.ts), and
    // the floor's jobs at once.
    jobs: Number(get('jobs', 2)),
    classifier: String(get('classifier', 'on,off')).split(','),
    maxRssMb: Number(get('max-rss-mb', 1024)),
    quietWaitMs: Number(get('quiet-wait-ms', 20_000)),
  };
}

/** The upload list: the three kinds interleaved (a fixed shuffle), so the mix is even in time. */
function workload(files, opts) {
  const want = { photo: opts.photos, screenshot: opts.screenshots, gif: opts.gifs };
  const list = [];
  for (const [kind, count] of Object.entries(want)) {
    const variants = files.filter((f) => f.kind === kind);
    for (let i = 0; i < count; i++) list.push(variants[i % variants.length]);
  }
  let s = 7;
  for (let i = list.length - 1; i > 0; i--) {
    s = (s * 48271) % 2147483647;
    const j = s % (i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

function ask(worker, command, answer) {
  return new Promise((resolveAnswer, reject) => {
    const onMessage = (m) => {
      if (m.type === answer) {
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        resolveAnswer(m);
      }
    };
    const onExit = (code) => reject(new Error(`${worker.benchName} exited (${code})`));
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    worker.send(command);
  });
}

/** Peak and last RSS of a process, sampled every 50 ms from /proc. */
function rssSampler(pid) {
  let peak = 0;
  const timer = setInterval(() => {
    const kb = rssKB(pid);
    if (kb !== null && kb > peak) peak = kb;
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.round(Math.max(peak, rssKB(pid) ?? 0) / 1024);
  };
}

/** Every distinct file of the workload once, kinds interleaved. */
function uniqueFiles(jobs) {
  return [...new Map(jobs.map((j) => [j.path, j])).values()].sort((a, b) =>
    a.name.split('-')[1] === b.name.split('-')[1]
      ? a.kind.localeCompare(b.kind)
      : a.name.split('-')[1].localeCompare(b.name.split('-')[1]),
  );
}

function perKind(samples, field) {
  const out = {};
  for (const kind of ['photo', 'screenshot', 'gif']) {
    const h = new Samples();
    for (const s of samples) if (s.kind === kind && s[field] !== undefined) h.add(s[field]);
    out[kind] = { p50: round(h.percentile(0.5)), p99: round(h.percentile(0.99)), n: h.count };
  }
  return out;
}

async function benchFloor(jobs, opts, workDir) {
  const outDir = join(workDir, 'floor-out');
  mkdirSync(outDir, { recursive: true });
  const worker = startWorker(
    'floor',
    fileURLToPath(new URL('./floor-worker.mjs', import.meta.url)),
  );
  try {
    const command = { type: 'run', cpus: '0', concurrency: opts.jobs, limits: LIMITS, outDir };
    // Warm-up: one of each kind (libvips loads its modules, V8 compiles).
    const warm = [...new Map(jobs.map((j) => [j.kind, j])).values()];
    await ask(worker, { ...command, jobs: warm }, 'done');
    await waitQuiet(opts.quietWaitMs);
    const other = otherLoadMeter(benchPids());
    const cpu = cpuMeter([worker.pid]);
    const rss = rssSampler(worker.pid);
    const result = await ask(worker, { ...command, jobs }, 'done');
    const [cpuPct] = cpu();
    const h = new Samples();
    for (const t of result.times) h.add(t.ms);
    return {
      images: jobs.length,
      elapsedMs: Math.round(result.elapsedMs),
      imagesPerSec: round((jobs.length * 1000) / result.elapsedMs),
      jobP50: round(h.percentile(0.5)),
      jobP99: round(h.percentile(0.99)),
      perKind: perKind(result.times, 'ms'),
      cpuPct,
      imagesPerCpuSec: round(jobs.length / ((cpuPct / 100) * (result.elapsedMs / 1000))),
      peakRssMb: rss(),
      otherCpu: other(),
      sharp: result.sharp,
    };
  } finally {
    worker.send({ type: 'close' });
    await stop(worker);
    rmSync(outDir, { recursive: true, force: true });
  }
}

async function benchOurs(jobs, opts, classifier) {
  const server = await startOurs({
    env: {
      ADULT_CLASSIFIER: classifier,
      JOB_CONCURRENCY: String(opts.jobs),
      UPLOADS_PER_MINUTE: '1000000',
    },
  });
  const uploaders = [];
  try {
    const users = await registerMany(server.port, opts.uploaders, 'up', 4);
    for (const user of users) {
      const u = new Uploader(server.port, server.wsUrl, CREDS, user);
      await u.connect();
      uploaders.push(u);
    }
    // Warm-up: one of each kind, one after the other (modules compile; the classifier's
    // worker starts and loads its model on the first picture).
    for (const job of [...new Map(jobs.map((j) => [j.kind, j])).values()]) {
      const r = await uploaders[0].upload(job);
      if (r.status !== 'complete') {
        throw new Error(`warm-up upload of ${job.name}: ${r.status} ${r.detail ?? ''}`);
      }
    }
    // One at a time on an idle server: the pipeline's own latency, without the queue that 20
    // people at once build up.
    const alone = [];
    for (const job of uniqueFiles(jobs)) {
      alone.push({ kind: job.kind, ...(await uploaders[0].upload(job)) });
    }
    await waitQuiet(opts.quietWaitMs);
    const baseRssMb = Math.round((rssKB(server.child.pid) ?? 0) / 1024);
    const other = otherLoadMeter(benchPids());
    const cpu = cpuMeter([server.child.pid]);
    const rss = rssSampler(server.child.pid);
    const samples = [];
    let next = 0;
    const started = nowMs();
    await Promise.all(
      uploaders.map(async (u) => {
        while (next < jobs.length) {
          const job = jobs[next++];
          samples.push({ kind: job.kind, ...(await u.upload(job)) });
        }
      }),
    );
    const elapsedMs = nowMs() - started;
    const [cpuPct] = cpu();
    const peakRssMb = rss();
    const otherCpu = other();
    const ready = new Samples();
    const accepted = new Samples();
    const failures = {};
    for (const s of samples) {
      accepted.add(s.acceptedMs);
      if (s.status === 'complete') ready.add(s.readyMs);
      else {
        const key = `${s.status}${s.detail ? ` (${s.detail})` : ''}`;
        failures[key] = (failures[key] ?? 0) + 1;
      }
    }
    return {
      classifier,
      alone: perKind(alone, 'readyMs'),
      images: samples.length,
      complete: ready.count,
      failures,
      elapsedMs: Math.round(elapsedMs),
      imagesPerSec: round((ready.count * 1000) / elapsedMs),
      acceptedP50: round(accepted.percentile(0.5)),
      acceptedP99: round(accepted.percentile(0.99)),
      readyP50: round(ready.percentile(0.5)),
      readyP99: round(ready.percentile(0.99)),
      perKind: perKind(samples, 'readyMs'),
      cpuPct,
      imagesPerCpuSec: round(ready.count / ((cpuPct / 100) * (elapsedMs / 1000))),
      baseRssMb,
      peakRssMb,
      otherCpu,
    };
  } finally {
    for (const u of uploaders) u.close();
    await server.stop();
  }
}

/**
 * The classifier's CPU per picture apart (classifier-cpu.mjs, bundled beside the server's
 * build as the server is, on CPU 0).
 */
async function classifierCpu(opts) {
  await waitQuiet(opts.quietWaitMs);
  const args = await nodeArgsFor('bench/uploads/classifier-cpu.mjs');
  const [command, argv] = hasTaskset()
    ? ['taskset', ['-c', '0', process.execPath, ...args]]
    : [process.execPath, args];
  const { stdout } = await promisify(execFile)(command, argv, {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
    timeout: 5 * 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1));
}

function classifierMarkdown({ server, tried }) {
  const lines = [
    `Classifier apart (${server.runtime}, ${server.threads} thread; CPU ms per picture, CPU 0):`,
    '',
    '| picture | frames judged | pixels from the thumbnail (sharp) | model (worker thread CPU) | model per frame | tensors before → after |',
    '|---|---|---|---|---|---|',
  ];
  for (const [kind, k] of Object.entries(server.kinds)) {
    lines.push(
      `| ${kind} | ${k.framesPerPicture} | ${k.pixelsCpuMs} | **${k.modelCpuMs}** | ${round(k.modelCpuMs / k.framesPerPicture)} | ${k.tensorsBefore} → ${k.tensorsAfter} |`,
    );
  }
  if (tried) {
    lines.push(
      '',
      '| inference variant (same process, interleaved, best of 3) | CPU ms per frame |',
      '|---|---|',
    );
    for (const [name, ms] of Object.entries(tried)) lines.push(`| ${name} | ${ms} |`);
  }
  return lines.join('\n');
}

const fmt = (n) => (n === null || n === undefined ? '–' : n.toLocaleString('en-US'));

function markdown(results, opts) {
  const { floor, floors, ours } = results;
  const runs = opts.classifier.filter((c) => ours[c]);
  const head = runs.map((c) => `ours, classifier ${c}`);
  const lines = [
    `| figure | sharp alone (floor) | ${head.join(' | ')} |`,
    `|---|---|${runs.map(() => '---').join('|')}|`,
  ];
  const row = (label, f, o) =>
    lines.push(`| ${label} | ${f} | ${runs.map((c) => o(ours[c])).join(' | ')} |`);
  const both = (f) => floors.map(f).join(' · ');
  row('images processed', fmt(floor.images), (o) => `${fmt(o.complete)} of ${fmt(o.images)}`);
  row(
    '**images / s** (floor: before · after ours → mean)',
    `${both((f) => f.imagesPerSec)} → **${floor.imagesPerSec}**`,
    (o) => `**${o.imagesPerSec}**`,
  );
  row(
    'ours / floor (target ≥ 0.8)',
    '1',
    (o) => `**${round(o.imagesPerSec / floor.imagesPerSec)}×**`,
  );
  const perCpu = round(floors.reduce((a, f) => a + f.imagesPerCpuSec, 0) / floors.length);
  row(
    'images per CPU-second of the process (floor: before · after → mean)',
    `${both((f) => f.imagesPerCpuSec)} → ${perCpu}`,
    (o) => `${o.imagesPerCpuSec} (${round(o.imagesPerCpuSec / perCpu)}×)`,
  );
  row(
    `p50 / p99 ms, all kinds (floor: one job; ours: upload start → AttachmentReady, ${opts.uploaders} at once)`,
    both((f) => `${f.jobP50} / ${f.jobP99}`),
    (o) => `${o.readyP50} / **${o.readyP99}**`,
  );
  for (const kind of ['photo', 'screenshot', 'gif']) {
    row(
      `${kind}: p50 / p99 ms`,
      both((f) => `${f.perKind[kind].p50} / ${f.perKind[kind].p99}`),
      (o) => `${o.perKind[kind].p50} / ${o.perKind[kind].p99}`,
    );
  }
  row(
    'one upload alone on an idle server, p50 ms: photo / screenshot / GIF',
    '–',
    (o) => `${o.alone.photo.p50} / ${o.alone.screenshot.p50} / ${o.alone.gif.p50}`,
  );
  row('upload answered (202) p50 / p99 ms', '–', (o) => `${o.acceptedP50} / ${o.acceptedP99}`);
  row(
    'CPU % of its core',
    both((f) => f.cpuPct),
    (o) => `${o.cpuPct}`,
  );
  row(
    `RSS before → peak with ${opts.uploaders} uploads at once, MB`,
    both((f) => `→ ${f.peakRssMb}`),
    (o) => `${o.baseRssMb} → **${o.peakRssMb}**`,
  );
  row(
    'other processes, CPU % of a core',
    both((f) => f.otherCpu),
    (o) => `${o.otherCpu}`,
  );
  return lines.join('\n');
}

export async function run(argv) {
  const opts = options(argv);
  guardProcesses(15 * 60_000);
  pinSelf('1');
  waitBudget.maxMs = 90_000;
  const workDir = mkdtempSync(join(tmpdir(), 'uploads-bench-'));
  const forget = onExit(() => rmSync(workDir, { recursive: true, force: true }));
  try {
    const t = performance.now();
    const files = await makeInputs(workDir, opts.variants);
    const sizes = (kind) => {
      const b = files.filter((f) => f.kind === kind).map((f) => f.bytes);
      return `${(Math.min(...b) / 1024).toFixed(0)}–${(Math.max(...b) / 1024).toFixed(0)} KB`;
    };
    console.log(
      `uploads bench: inputs made in ${((performance.now() - t) / 1000).toFixed(1)} s: photos 4000×3000 JPEG ${sizes('photo')}, screenshots 1920×1080 PNG ${sizes('screenshot')}, GIFs 200×200×10 ${sizes('gif')}`,
    );
    const jobs = workload(files, opts).map((f) => ({ ...f, data: readFileSync(f.path) }));
    console.log(
      `${jobs.length} images (${opts.photos} photos, ${opts.screenshots} screenshots, ${opts.gifs} GIFs); ${opts.uploaders} uploaders; ${opts.jobs} jobs at once`,
    );

    const results = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      options: opts,
    };
    console.log('\nfloor: sharp alone…');
    const floorJobs = jobs.map(({ kind, path }) => ({ kind, path }));
    const floorRun = async (when) => {
      const f = await benchFloor(floorJobs, opts, workDir);
      console.log(
        `  ${when}: ${f.imagesPerSec} images/s (sharp ${f.sharp.version}, libvips threads ${f.sharp.concurrency}), other processes ${f.otherCpu}% of a core`,
      );
      return f;
    };
    const floors = [await floorRun('before')];
    if (opts.classifier.includes('on')) {
      console.log('\nthe classifier apart…');
      results.classifierCpu = await classifierCpu(opts);
      console.log(`\n${classifierMarkdown(results.classifierCpu)}`);
    }
    results.ours = {};
    for (const classifier of opts.classifier) {
      console.log(`\nours on SQLite, ADULT_CLASSIFIER=${classifier}…`);
      results.ours[classifier] = await benchOurs(jobs, opts, classifier);
      const o = results.ours[classifier];
      console.log(
        `  ${o.imagesPerSec} images/s, p50 ${o.readyP50} ms, p99 ${o.readyP99} ms upload → AttachmentReady; peak RSS ${o.peakRssMb} MB; other processes ${o.otherCpu}% of a core`,
      );
    }
    // The floor again after ours: on a shared machine the speed drifts, and the mean of the
    // two brackets the runs of ours in time.
    console.log('\nfloor again…');
    floors.push(await floorRun('after'));
    results.floors = floors;
    results.floor = {
      ...floors[0],
      imagesPerSec: round((floors[0].imagesPerSec + floors[1].imagesPerSec) / 2),
    };
    const drift =
      Math.abs(floors[0].imagesPerSec - floors[1].imagesPerSec) / results.floor.imagesPerSec;
    if (drift > 0.15) {
      console.log(
        `  the two floor runs differ by ${Math.round(drift * 100)}%: the machine's speed changed during the run (other processes); read the ratios with care`,
      );
    }
    results.verdicts = {};
    console.log(`\nfloor (mean of both): ${results.floor.imagesPerSec} images/s`);
    for (const classifier of opts.classifier) {
      const o = results.ours[classifier];
      console.log(`ours, ADULT_CLASSIFIER=${classifier}:`);
      const ratio = round(o.imagesPerSec / results.floor.imagesPerSec);
      const okRatio = ratio >= TARGET_RATIO && o.complete === o.images;
      const okRss = o.peakRssMb <= opts.maxRssMb;
      results.verdicts[classifier] = {
        ratio: okRatio ? 'PASS' : 'FAIL',
        rss: okRss ? 'PASS' : 'FAIL',
      };
      if (Object.keys(o.failures).length) console.log(`  failures: ${JSON.stringify(o.failures)}`);
      console.log(
        `  ${okRatio ? 'PASS' : 'FAIL'}: ours / floor = ${ratio}× (target ≥ ${TARGET_RATIO}×${o.complete === o.images ? '' : ', and every upload complete'})`,
      );
      console.log(
        `  ${okRss ? 'PASS' : 'FAIL'}: peak RSS with ${opts.uploaders} concurrent uploads ${o.peakRssMb} MB (bound ${opts.maxRssMb} MB)`,
      );
    }
    console.log(`\n${markdown(results, opts)}\n`);
    if (results.classifierCpu) console.log(`${classifierMarkdown(results.classifierCpu)}\n`);
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench/results/uploads.json'), JSON.stringify(results, null, 2));
    console.log('results: bench/results/uploads.json');
    const verdicts = Object.values(results.verdicts).flatMap((v) => Object.values(v));
    if (verdicts.includes('FAIL')) process.exitCode = 1;
  } finally {
    forget();
  }
}

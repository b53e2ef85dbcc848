import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { optionReader } from '../lib/args.mjs';
import { startBare } from '../lib/bare.mjs';
import { ROOT, postgresSchema, startOurs } from '../lib/ours.mjs';
import { log, quietPhase } from '../lib/phases.mjs';
import { guardProcesses, onExit, pinSelf } from '../lib/procs.mjs';
import { waitBudget } from '../lib/quiet.mjs';
import { closedLoop } from '../forum/load.mjs';
import { mulberry32 } from '../forum/texts.mjs';
import { firstScreenPictures } from './first-screen.mjs';
import { markdown, printDialect, verdicts } from './report.mjs';

/**
 * `npm run bench -- art`: the art section's galleries on a site of 100,000 art posts (issue 22,
 * "Benchmark"). Per dialect: ours starts once on a fresh database (migrations, demo seed) and
 * stops; generate.mjs adds authors, photo-like pictures (processed and stored as uploads are)
 * and the posts; then ours and the baseline (a bare Fastify + Kysely primary-key read of an art
 * post, bench/profiles/bare-server.mjs) run on CPU 0 and this process's clients on CPU 1:
 * 1. the baseline, 2. a page of the biggest group and 3. a page of all groups, each a random
 *    page of the first 40 in a random sort (new, top, discussed), half of the readers signed in
 *    (their `liked` marks are read), at each `--concurrency` (p99 ≤ 3× the baseline's);
 * 4. on the first dialect, the pictures the gallery's first screen fetches in Chromium at
 *    1366 px, all groups and the biggest group (≤ 400 KB: thumbnails, not the originals). It
 *    needs the web build (apps/web/dist): made first if missing.
 */
function options(argv) {
  const get = optionReader(argv);
  return {
    posts: Number(get('posts', 100_000)),
    authors: Number(get('authors', 5000)),
    concurrency: String(get('concurrency', '4,16')).split(',').map(Number),
    phaseMs: Number(get('phase-ms', 10_000)),
    warmupMs: Number(get('warmup-ms', 3000)),
    dialects: String(get('dialects', 'sqlite,postgres')).split(','),
    quietWaitMs: Number(get('quiet-wait-ms', 20_000)),
    retries: Number(get('retries', 1)),
    firstScreen: !argv.includes('--no-first-screen'),
    keepData: argv.includes('--keep-data'),
    results: String(get('results', 'art')).replace(/[^\w-]/g, ''),
  };
}

const SORTS = ['new', 'top', 'discussed'];
const PAGES = 40;

async function generate(databaseUrl, dataDir, opts) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./generate.mjs', import.meta.url)),
      ...['--url', databaseUrl, '--data-dir', dataDir],
      ...['--posts', String(opts.posts), '--authors', String(opts.authors)],
    ],
    { cwd: ROOT, maxBuffer: 64 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').pop());
}

async function ensureWebBuild() {
  if (existsSync(join(ROOT, 'apps/web/dist/index.html'))) return;
  log('building the web app for the first screen…');
  await promisify(execFile)('npm', ['run', 'build'], { cwd: ROOT, maxBuffer: 64 << 20 });
}

async function benchDialect(dialect, opts, withFirstScreen) {
  const schema = dialect === 'postgres' ? await postgresSchema() : null;
  if (dialect === 'postgres' && !schema) return { skipped: 'PostgreSQL did not answer' };
  const dataDir = mkdtempSync(join(tmpdir(), 'art-bench-'));
  const forget = opts.keepData
    ? () => {}
    : onExit(() => rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = schema?.url ?? `sqlite:${join(dataDir, 'chat.sqlite')}`;
  const env = { DATA_DIR: dataDir };
  let ours = null;
  let bare = null;
  try {
    const migrated = await startOurs({ databaseUrl, cpus: null, env });
    await migrated.stop();
    log(`generating ${opts.posts} art posts…`);
    const g = await generate(databaseUrl, dataDir, opts);
    const { tokens, ...shown } = g;
    log(`generated in ${(g.totalMs / 1000).toFixed(1)} s: ${JSON.stringify(shown)}`);

    ours = await startOurs({ databaseUrl, cpus: '0', env });
    bare = await startBare(databaseUrl, 'art_posts');
    const random = mulberry32(22);
    const pick = (list) => list[Math.floor(random() * list.length)];
    let turn = 0;
    // Every other reader signed in, each the next of the generated sessions.
    const reader = () =>
      turn++ % 2 ? { authorization: `Bearer ${tokens[turn % tokens.length]}` } : {};
    const page = () => `page=${1 + Math.floor(random() * PAGES)}&sort=${pick(SORTS)}`;
    const next = {
      bare: () => ({ path: `/bare/${1 + Math.floor(random() * opts.posts)}` }),
      group: () => ({
        path: `/api/art/groups/${g.bigGroup.slug}?${page()}`,
        headers: reader(),
      }),
      all: () => ({ path: `/api/art?${page()}`, headers: reader() }),
    };
    const target = (name) =>
      name === 'bare' ? [bare.port, bare.child.pid] : [ours.port, ours.child.pid];
    for (const name of Object.keys(next))
      await closedLoop(target(name)[0], next[name], 4, opts.warmupMs);
    const rows = [];
    for (const c of opts.concurrency)
      for (const name of Object.keys(next)) {
        const [port, pid] = target(name);
        rows.push(
          await quietPhase(opts, name, c, pid, dialect, () =>
            closedLoop(port, next[name], c, opts.phaseMs),
          ),
        );
      }
    let firstScreen = null;
    if (withFirstScreen) {
      firstScreen = await firstScreenPictures(
        `http://127.0.0.1:${ours.port}`,
        ['/en/art', `/en/art/${g.bigGroup.slug}`],
        { gridSelector: '.art-grid img' },
      );
      for (const f of firstScreen)
        log(`first screen ${f.path}: ${f.pictures} pictures, ${f.kb} KB`);
    }
    return { generated: shown, rows, firstScreen };
  } finally {
    await bare?.stop();
    await ours?.stop();
    if (opts.keepData) log(`kept the data: ${databaseUrl} (DATA_DIR ${dataDir})`);
    else {
      await schema?.drop();
      forget();
    }
  }
}

export async function run(argv) {
  const opts = options(argv);
  guardProcesses(30 * 60_000);
  pinSelf('1');
  waitBudget.maxMs = 120_000;
  console.log(
    `art bench: ${opts.posts} posts, readers ${opts.concurrency.join('/')}, ${opts.phaseMs} ms per phase`,
  );
  if (opts.firstScreen) await ensureWebBuild();
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    options: opts,
    ours: {},
    verdicts: {},
  };
  let firstScreenDone = !opts.firstScreen;
  for (const dialect of opts.dialects) {
    console.log(`\n${dialect}…`);
    const result = await benchDialect(dialect, opts, !firstScreenDone);
    results.ours[dialect] = result;
    if (result.skipped) {
      console.log(`  skipped: ${result.skipped}`);
      continue;
    }
    firstScreenDone = true;
    results.verdicts[dialect] = verdicts(result.rows, result.firstScreen);
    printDialect(result.rows, results.verdicts[dialect]);
  }
  console.log(`\n${markdown(results)}\n`);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const file = `bench/results/${opts.results}.json`;
  writeFileSync(join(ROOT, file), JSON.stringify(results, null, 2));
  console.log(`results: ${file}`);
  const all = Object.values(results.verdicts).flatMap((v) => v.map((x) => x.verdict));
  if (all.includes('FAIL')) process.exitCode = 1;
}

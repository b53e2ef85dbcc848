import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { optionReader } from '../lib/args.mjs';
import { ROOT, postgresSchema, startOurs } from '../lib/ours.mjs';
import { startBare } from '../lib/bare.mjs';
import { guardProcesses, onExit, pinProcess, pinSelf, startWorker, stop } from '../lib/procs.mjs';
import { log, quietPhase } from '../lib/phases.mjs';
import { waitBudget } from '../lib/quiet.mjs';
import { Histogram } from '../lib/stats.mjs';
import { directQuery } from './direct-queries.mjs';
import { dropSearchUpkeep, postingThreads } from './index-switch.mjs';
import { closedLoop } from './load.mjs';
import { markdown, printDialect, verdicts } from './report.mjs';
import { mulberry32 } from './texts.mjs';

/**
 * `npm run bench -- forum`: the forum and the search on a site of 1,000,000 forum posts in
 * 100,000 threads (one of 10,000 posts) and 1,000,000 chat messages of Russian and English text
 * (issue 21, "Benchmark"). Per dialect: ours starts once on a fresh database (migrations, seed)
 * and stops; generate.mjs fills it directly, search index included; then ours and the baseline
 * (a bare Fastify + Kysely primary-key read of a post, bench/profiles/bare-server.mjs) run on
 * CPU 0 and this process's clients on CPU 1, each phase on a quiet machine if there is one:
 * 1. the baseline and 2. a deep page of the long thread and a random page of the biggest
 *    category, at each `--concurrency` (p99 ≤ 3× the baseline's at the same concurrency);
 * 3. a two-word Russian search in the forum and in the chat at 4 (p99 ≤ 50 ms, and ≤ 2× the
 *    same search asked directly of the database's engine by a client pinned to CPU 0), and
 *    the tabs' counts of a query (`/api/search/totals`, asked apart, p99 ≤ 50 ms too);
 * 4. replies posted with the search index kept, then with its upkeep dropped (rate ≥ 0.8×).
 */
function options(argv) {
  const get = optionReader(argv);
  return {
    posts: Number(get('posts', 1_000_000)),
    messages: Number(get('messages', 1_000_000)),
    authors: Number(get('authors', 20_000)),
    concurrency: String(get('concurrency', '4,16')).split(',').map(Number),
    searchConcurrency: Number(get('search-concurrency', 4)),
    postConcurrency: Number(get('post-concurrency', 4)),
    phaseMs: Number(get('phase-ms', 10_000)),
    warmupMs: Number(get('warmup-ms', 3000)),
    dialects: String(get('dialects', 'sqlite,postgres')).split(','),
    phases: String(get('phases', 'read,search,post')).split(','),
    quietWaitMs: Number(get('quiet-wait-ms', 20_000)),
    retries: Number(get('retries', 1)),
    keepData: argv.includes('--keep-data'),
    results: String(get('results', 'forum')).replace(/[^\w-]/g, ''),
  };
}

async function generate(databaseUrl, opts) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./generate.mjs', import.meta.url)),
      ...['--url', databaseUrl, '--posts', String(opts.posts)],
      ...['--messages', String(opts.messages), '--authors', String(opts.authors)],
    ],
    { cwd: ROOT, maxBuffer: 64 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').pop());
}

/** The direct client (direct-worker.mjs) on CPU 0, for one scope's queries. */
async function direct(databaseUrl, dialect, scope, queries, concurrency, ms) {
  const worker = startWorker(
    'direct',
    fileURLToPath(new URL('./direct-worker.mjs', import.meta.url)),
  );
  pinProcess(worker.pid, '0');
  const { sql, params } = directQuery(dialect, scope);
  const answer = new Promise((resolve) => worker.once('message', resolve));
  worker.send({ url: databaseUrl, sql, params: queries.map(params), concurrency, ms });
  const r = await answer;
  await stop(worker);
  if (r.errors) log(`direct ${scope}: ${r.errors} errors, first: ${r.firstError}`);
  return {
    latency: new Histogram().merge(r.latency),
    elapsedMs: r.elapsedMs,
    statuses: { 200: r.latency.count - r.errors, ...(r.errors ? { 500: r.errors } : {}) },
    samples: r.firstError ? [r.firstError] : [],
    cpuPercent: Math.round((r.cpuMs / r.elapsedMs) * 100),
  };
}

async function benchDialect(dialect, opts) {
  const schema = dialect === 'postgres' ? await postgresSchema() : null;
  if (dialect === 'postgres' && !schema) return { skipped: 'PostgreSQL did not answer' };
  const dataDir = mkdtempSync(join(tmpdir(), 'forum-bench-'));
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
    log(`generating ${opts.posts} posts and ${opts.messages} chat messages…`);
    const g = await generate(databaseUrl, opts);
    const { queries, tokens, ...shown } = g;
    log(`generated in ${(g.totalMs / 1000).toFixed(1)} s: ${JSON.stringify(shown)}`);

    ours = await startOurs({ databaseUrl, cpus: '0', env });
    bare = await startBare(databaseUrl, 'forum_posts');
    const random = mulberry32(21);
    const pick = (list) => list[Math.floor(random() * list.length)];
    // Searches are signed in, each by the next of the generated sessions: the search's limit
    // per visitor (SEARCH_LIMIT) is one person's, and the bench is thousands of people.
    let turn = 0;
    const signedIn = () => ({ authorization: `Bearer ${tokens[turn++ % tokens.length]}` });
    const threadPages = Math.ceil(g.bigThread.posts / 20);
    const categoryPages = Math.ceil(g.bigCategory.threads / 50);
    const [firstPost, lastPost] = g.postIds;
    const next = {
      bare: () => ({
        path: `/bare/${firstPost + Math.floor(random() * (lastPost - firstPost + 1))}`,
      }),
      thread: () => ({
        // A deep page: anywhere in the second half of the long thread.
        path: `/api/forum/threads/${g.bigThread.slug}?page=${Math.ceil(threadPages / 2) + Math.floor(random() * Math.floor(threadPages / 2))}`,
      }),
      category: () => ({
        path: `/api/forum/categories/${g.bigCategory.slug}?page=${1 + Math.floor(random() * categoryPages)}&per_page=50`,
      }),
      forum: () => ({
        path: `/api/search?in=forum&q=${encodeURIComponent(pick(queries.forum).q)}`,
        headers: signedIn(),
      }),
      chat: () => ({
        path: `/api/search?in=chat&q=${encodeURIComponent(pick(queries.chat).q)}`,
        headers: signedIn(),
      }),
      // The tabs' counts the web asks once a query, beside its first page.
      totals: () => ({
        path: `/api/search/totals?q=${encodeURIComponent(pick(queries.forum).q)}`,
        headers: signedIn(),
      }),
    };
    const port = { bare: bare.port };
    const pid = { bare: bare.child.pid };
    const target = (name) => [port[name] ?? ours.port, pid[name] ?? ours.child.pid];
    const rows = [];
    const http = async (name, concurrency) => {
      const [p, serverPid] = target(name);
      rows.push(
        await quietPhase(opts, name, concurrency, serverPid, dialect, () =>
          closedLoop(p, next[name], concurrency, opts.phaseMs),
        ),
      );
    };
    const warm = ['bare', ...(opts.phases.includes('read') ? ['thread', 'category'] : [])];
    if (opts.phases.includes('search')) warm.push('forum', 'chat', 'totals');
    // Warm-up: the JIT, the statement caches and the page cache settle.
    for (const name of warm) await closedLoop(target(name)[0], next[name], 4, opts.warmupMs);

    for (const c of opts.concurrency) {
      await http('bare', c);
      if (opts.phases.includes('read'))
        for (const name of ['thread', 'category']) await http(name, c);
    }
    if (opts.phases.includes('search')) {
      const c = opts.searchConcurrency;
      for (const scope of ['forum', 'chat']) {
        await http(scope, c);
        rows.push(
          await quietPhase(opts, `direct-${scope}`, c, ours.child.pid, dialect, () =>
            direct(databaseUrl, dialect, scope, queries[scope], c, opts.phaseMs),
          ),
        );
      }
      await http('totals', c);
    }
    if (opts.phases.includes('post'))
      rows.push(...(await posting(opts, ours, databaseUrl, g, tokens, dialect)));
    return { generated: shown, rows };
  } finally {
    await bare?.stop();
    await ours?.stop();
    if (opts.keepData) {
      // For bench/forum/explain.mjs; the next run makes its own.
      log(`kept the data: ${databaseUrl}`);
    } else {
      await schema?.drop();
      forget();
    }
  }
}

/**
 * Replies to threads spread over the generated categories, with the index, then without. Each
 * by the next of the generated sessions: the forum allows one author 10 posts a minute
 * (FORUM_POST_RULE), and 5,000 authors 50,000.
 */
async function posting(opts, ours, databaseUrl, g, tokens, dialect) {
  const slugs = await postingThreads(databaseUrl, g.categorySlugs, 2000);
  const random = mulberry32(7);
  let n = 0;
  const next = () => {
    n += 1;
    return {
      path: `/api/forum/threads/${slugs[Math.floor(random() * slugs.length)]}/posts`,
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[n % tokens.length]}` },
      body: {
        text: `Ответ ${n}: кошки бегали по крышам, the cats were running home.`,
        client_id: randomBytes(12).toString('base64url'),
      },
    };
  };
  const c = opts.postConcurrency;
  await closedLoop(ours.port, next, c, opts.warmupMs);
  const rows = [];
  const run = () => closedLoop(ours.port, next, c, opts.phaseMs);
  rows.push(await quietPhase(opts, 'post-indexed', c, ours.child.pid, dialect, run));
  log(`dropped the search index's upkeep: ${(await dropSearchUpkeep(databaseUrl)).join(', ')}`);
  await closedLoop(ours.port, next, c, opts.warmupMs);
  rows.push(await quietPhase(opts, 'post-unindexed', c, ours.child.pid, dialect, run));
  return rows;
}

export async function run(argv) {
  const opts = options(argv);
  guardProcesses(60 * 60_000);
  pinSelf('1');
  waitBudget.maxMs = 180_000;
  console.log(
    `forum bench: ${opts.posts} posts, ${opts.messages} chat messages, readers ${opts.concurrency.join('/')}, ${opts.phaseMs} ms per phase`,
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
    console.log(`\n${dialect}…`);
    const result = await benchDialect(dialect, opts);
    results.ours[dialect] = result;
    if (result.skipped) {
      console.log(`  skipped: ${result.skipped}`);
      continue;
    }
    results.verdicts[dialect] = verdicts(result.rows);
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

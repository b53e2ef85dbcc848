import { round } from '../lib/stats.mjs';

/** The targets of issue 21's "Benchmark". */
export const TARGETS = { pageRatio: 3, searchP99: 50, searchRatio: 2, postRatio: 0.8 };

const find = (rows, route, concurrency) =>
  rows.find(
    (r) => r.route === route && (concurrency === undefined || r.concurrency === concurrency),
  );

/** Each target met or not: `{ target, value, limit, verdict }`. */
export function verdicts(rows) {
  const out = [];
  const add = (target, value, limit, pass, errors) =>
    out.push({ target, value, limit, verdict: pass && !errors ? 'PASS' : 'FAIL', errors });
  for (const r of rows.filter((x) => x.route === 'thread' || x.route === 'category')) {
    const base = find(rows, 'bare', r.concurrency);
    const ratio = round(r.p99 / base.p99, 2);
    add(
      `${r.route} page p99 ÷ baseline ×${r.concurrency}`,
      ratio,
      `≤ ${TARGETS.pageRatio}`,
      ratio <= TARGETS.pageRatio,
      r.errors,
    );
  }
  for (const scope of ['forum', 'chat']) {
    const r = find(rows, scope);
    const d = find(rows, `direct-${scope}`);
    if (!r) continue;
    add(
      `${scope} search p99 ms ×${r.concurrency}`,
      r.p99,
      `≤ ${TARGETS.searchP99}`,
      r.p99 <= TARGETS.searchP99,
      r.errors,
    );
    if (d) {
      const ratio = round(r.p99 / d.p99, 2);
      add(
        `${scope} search p99 ÷ direct engine p99`,
        ratio,
        `≤ ${TARGETS.searchRatio}`,
        ratio <= TARGETS.searchRatio,
        r.errors + d.errors,
      );
    }
  }
  const withIndex = find(rows, 'post-indexed');
  const without = find(rows, 'post-unindexed');
  if (withIndex && without) {
    const ratio = round(withIndex.perSec / without.perSec, 2);
    add(
      'posts/s with index ÷ without',
      ratio,
      `≥ ${TARGETS.postRatio}`,
      ratio >= TARGETS.postRatio,
      withIndex.errors + without.errors,
    );
  }
  return out;
}

export function printDialect(rows, checks) {
  console.table(
    rows.map((r) => ({
      route: r.route,
      clients: r.concurrency,
      'req/s': r.perSec,
      p50: r.p50,
      p99: r.p99,
      max: r.max,
      errors: r.errors,
      'server CPU%': r.serverCpu,
      'PG CPU%': r.postgresCpu ?? '-',
      'other CPU%': r.otherCpu,
    })),
  );
  for (const c of checks) {
    console.log(
      `  ${c.verdict}: ${c.target} = ${c.value} (target ${c.limit})${c.errors ? `, ${c.errors} errors` : ''}`,
    );
  }
}

const NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const LABELS = {
  bare: 'baseline `GET /bare/{id}` (a post by primary key)',
  thread: '`GET /api/forum/threads/{slug}?page=` (deep page, 10,000-post thread)',
  category: '`GET /api/forum/categories/{slug}?page=&per_page=50` (random page)',
  forum: '`GET /api/search?in=forum&q=` (two Russian words)',
  'direct-forum': 'direct: FTS5 MATCH / `@@ to_tsquery` on posts, newest 20',
  chat: '`GET /api/search?in=chat&q=` (two Russian words)',
  'direct-chat': 'direct: the same on chat messages',
  'post-indexed': '`POST /api/forum/threads/{slug}/posts`, index kept',
  'post-unindexed': 'the same, search index upkeep dropped',
};

/** The tables for BENCHMARKS.md: one row per phase, one column per dialect. */
export function markdown(results) {
  const dialects = Object.keys(results.ours).filter((d) => !results.ours[d].skipped);
  if (!dialects.length) return '(no dialect ran)';
  const lines = [
    `| phase (clients) | ${dialects.map((d) => `${NAMES[d]}: req/s · p50 / p99 ms`).join(' | ')} |`,
    `|---|${dialects.map(() => '---').join('|')}|`,
  ];
  const keys = results.ours[dialects[0]].rows.map((r) => [r.route, r.concurrency]);
  for (const [route, concurrency] of keys) {
    const cells = dialects.map((d) => {
      const r = find(results.ours[d].rows, route, concurrency);
      return r
        ? `${Math.round(r.perSec).toLocaleString('en-US')} · ${r.p50} / **${r.p99}**${r.errors ? ` (${r.errors} errors)` : ''}`
        : '–';
    });
    lines.push(`| ${LABELS[route] ?? route} (${concurrency}) | ${cells.join(' | ')} |`);
  }
  lines.push(
    '',
    `| target | ${dialects.map((d) => NAMES[d]).join(' | ')} |`,
    `|---|${dialects.map(() => '---').join('|')}|`,
  );
  for (const check of results.verdicts[dialects[0]]) {
    const cells = dialects.map((d) => {
      const c = results.verdicts[d].find((x) => x.target === check.target);
      return c ? `${c.value} ${c.verdict}` : '–';
    });
    lines.push(`| ${check.target} (${check.limit}) | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

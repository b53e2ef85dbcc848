import { check, findRow as find, markdown as tablesOf } from '../lib/dialect-report.mjs';
import { round } from '../lib/stats.mjs';

export { printDialect } from '../lib/dialect-report.mjs';

/** The targets of issue 21's "Benchmark". */
export const TARGETS = { pageRatio: 3, searchP99: 50, searchRatio: 2, postRatio: 0.8 };

/** Each target met or not: `{ target, value, limit, verdict }`. */
export function verdicts(rows) {
  const out = [];
  const add = (...args) => out.push(check(...args));
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
  const counted = find(rows, 'totals');
  if (counted)
    add(
      `tabs' counts p99 ms ×${counted.concurrency}`,
      counted.p99,
      `≤ ${TARGETS.searchP99}`,
      counted.p99 <= TARGETS.searchP99,
      counted.errors,
    );
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

const LABELS = {
  bare: 'baseline `GET /bare/{id}` (a post by primary key)',
  thread: '`GET /api/forum/threads/{slug}?page=` (deep page, 10,000-post thread)',
  category: '`GET /api/forum/categories/{slug}?page=&per_page=50` (random page)',
  forum: '`GET /api/search?in=forum&q=` (two Russian words)',
  'direct-forum': 'direct: FTS5 MATCH / `@@ to_tsquery` on posts, newest 20',
  chat: '`GET /api/search?in=chat&q=` (two Russian words)',
  'direct-chat': 'direct: the same on chat messages',
  totals: "`GET /api/search/totals?q=` (every tab's count, once a query)",
  'post-indexed': '`POST /api/forum/threads/{slug}/posts`, index kept',
  'post-unindexed': 'the same, search index upkeep dropped',
};

export const markdown = (results) => tablesOf(results, LABELS);

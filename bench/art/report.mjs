import { check, findRow, markdown as tablesOf, ratio } from '../lib/dialect-report.mjs';

export { printDialect } from '../lib/dialect-report.mjs';

/** The targets of issue 22's "Benchmark". */
export const TARGETS = { pageRatio: 3, firstScreenKb: 400 };

/** Each target met or not: `{ target, value, limit, verdict }`. */
export function verdicts(rows, firstScreen) {
  const out = [];
  for (const r of rows.filter((x) => x.route !== 'bare')) {
    const value = ratio(r.p99, findRow(rows, 'bare', r.concurrency).p99);
    out.push(
      check(
        `${r.route} page p99 ÷ baseline ×${r.concurrency}`,
        value,
        `≤ ${TARGETS.pageRatio}`,
        value <= TARGETS.pageRatio,
        r.errors,
      ),
    );
  }
  for (const f of firstScreen ?? [])
    out.push(
      check(
        `first screen's pictures at 1366 px, ${f.path} (KB)`,
        f.kb,
        `≤ ${TARGETS.firstScreenKb}`,
        f.kb <= TARGETS.firstScreenKb,
        0,
      ),
    );
  return out;
}

const LABELS = {
  bare: 'baseline `GET /bare/{id}` (an art post by primary key)',
  group: '`GET /api/art/groups/{slug}?page=&sort=` (the biggest group)',
  all: '`GET /api/art?page=&sort=` (all groups)',
};

export const markdown = (results) => tablesOf(results, LABELS);

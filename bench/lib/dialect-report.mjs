import { round } from './stats.mjs';

/** The console and BENCHMARKS.md tables of a bench run per database dialect (forum, art). */

export const findRow = (rows, route, concurrency) =>
  rows.find(
    (r) => r.route === route && (concurrency === undefined || r.concurrency === concurrency),
  );

/** `value` against a ratio target: `{ target, value, limit, verdict, errors }`. */
export function check(target, value, limit, pass, errors) {
  return { target, value, limit, verdict: pass && !errors ? 'PASS' : 'FAIL', errors };
}

export const ratio = (a, b) => round(a / b, 2);

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
/** The tables for BENCHMARKS.md: one row per phase, one column per dialect. */
/** One row per phase (named by `labels`), one column per dialect; then the targets. */
export function markdown(results, labels) {
  const dialects = Object.keys(results.ours).filter((d) => !results.ours[d].skipped);
  if (!dialects.length) return '(no dialect ran)';
  const lines = [
    `| phase (clients) | ${dialects.map((d) => `${NAMES[d]}: req/s · p50 / p99 ms`).join(' | ')} |`,
    `|---|${dialects.map(() => '---').join('|')}|`,
  ];
  const keys = results.ours[dialects[0]].rows.map((r) => [r.route, r.concurrency]);
  for (const [route, concurrency] of keys) {
    const cells = dialects.map((d) => {
      const r = findRow(results.ours[d].rows, route, concurrency);
      return r
        ? `${Math.round(r.perSec).toLocaleString('en-US')} · ${r.p50} / **${r.p99}**${r.errors ? ` (${r.errors} errors)` : ''}`
        : '–';
    });
    lines.push(`| ${labels[route] ?? route} (${concurrency}) | ${cells.join(' | ')} |`);
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

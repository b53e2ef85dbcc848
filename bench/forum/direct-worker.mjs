import { setImmediate as tick } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { nowMs } from '../lib/clock.mjs';
import { Histogram } from '../lib/stats.mjs';

/**
 * The direct client of the search phase: the database's own full-text query, with no server in
 * between, pinned to the server's CPU by the bench. Asked over IPC with `{ url, sql, params,
 * concurrency, ms }` (`params`: one argument list per query, taken in turn); answers `{
 * latency, statuses, elapsedMs, rows }`. As with HTTP, `concurrency` closed-loop clients: on
 * PostgreSQL each has its own connection; SQLite's driver is synchronous, so the clients wait
 * their turn, as requests wait for a one-threaded server, and that wait is in their latency.
 */
async function open(url) {
  if (url.startsWith('sqlite:')) {
    const db = new SQLite(url.slice('sqlite:'.length), { readonly: true });
    // The server's own connection settings (db/database.ts) leave SQLite's defaults for the
    // page cache and memory mapping: so does this client.
    const statements = new Map();
    return {
      query: async (sql, params) => {
        if (!statements.has(sql)) statements.set(sql, db.prepare(sql));
        return statements.get(sql).all(...params).length;
      },
      close: async () => db.close(),
    };
  }
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  // The server's own connection settings (db/database.ts): no parallel workers.
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max: 16,
    options: [
      '-c max_parallel_workers_per_gather=0',
      ...(schema ? [`-c search_path=${schema}`] : []),
    ].join(' '),
  });
  return {
    query: async (sql, params) => (await pool.query({ text: sql, values: params })).rowCount,
    close: () => pool.end(),
  };
}

process.on('message', async ({ url, sql, params, concurrency, ms }) => {
  const db = await open(url);
  const latency = new Histogram();
  let rows = 0;
  let errors = 0;
  let n = 0;
  let firstError = null;
  const cpuAtStart = process.cpuUsage();
  const started = nowMs();
  const until = started + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (nowMs() < until) {
        const args = params[n++ % params.length];
        const t0 = nowMs();
        // One turn of the event loop first: the other clients' queries run before this one.
        await tick();
        try {
          rows += await db.query(sql, args);
        } catch (error) {
          errors += 1;
          firstError ??= String(error);
        }
        latency.add(nowMs() - t0);
      }
    }),
  );
  const elapsedMs = nowMs() - started;
  const cpu = process.cpuUsage(cpuAtStart);
  await db.close();
  process.send({
    latency: latency.toJSON(),
    elapsedMs,
    rows,
    errors,
    firstError,
    cpuMs: (cpu.user + cpu.system) / 1000,
  });
});

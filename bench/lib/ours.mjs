import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  ensureServerBuilt,
  SERVER_DIST,
  SERVER_ENTRIES,
  SERVER_MAIN,
  SERVER_NODE_FLAGS,
} from '../../apps/server/scripts/build.mjs';
import { CREDS } from './creds.mjs';
import { freePort } from './ports.mjs';
import { onExit, startServer, stop, waitHealthy } from './procs.mjs';

/**
 * Our server as production starts it (the build of `apps/server/src/main.ts`), for the benches
 * that measure the whole site: a temp data folder, SQLite in it or a fresh PostgreSQL schema,
 * fixed Pusher credentials so load workers sign private and presence subscriptions themselves,
 * and rate limits raised (a bench is many legitimate users at once from one address).
 */
export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export { CREDS };
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh schema in the test database, or null when PostgreSQL does not answer. */
export async function postgresSchema() {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  const schema = `bench_${Date.now().toString(36)}`;
  await client.query(`create schema ${schema}`);
  await client.end();
  const url = new URL(PG_URL);
  url.searchParams.set('schema', schema);
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
  };
  return { url: url.toString(), drop };
}

const MAIN_SOURCE = 'apps/server/src/main.ts';

/**
 * The node arguments that run `entry` (a path from the repo root) as production does: built
 * by the server's build script when stale, then plain JavaScript with source maps. Another
 * entry (a bench's own start script) is bundled beside main.js, so that the paths the server
 * computes from its own location hold. BENCH_FROM_SOURCES=1 runs the TypeScript through tsx.
 */
export async function nodeArgsFor(entry = MAIN_SOURCE) {
  if (process.env.BENCH_FROM_SOURCES === '1') return ['--import', 'tsx', entry];
  if (resolve(ROOT, entry) === SERVER_ENTRIES.main) {
    await ensureServerBuilt();
    return [...SERVER_NODE_FLAGS, SERVER_MAIN];
  }
  // bench/purchases/server.mjs → dist/bench-purchases-server.js
  const name = relative(ROOT, resolve(ROOT, entry))
    .replace(/\.[^.]+$/, '')
    .replace(/\W+/g, '-');
  await ensureServerBuilt({ entries: { ...SERVER_ENTRIES, [name]: resolve(ROOT, entry) } });
  return [...SERVER_NODE_FLAGS, join(SERVER_DIST, `${name}.js`)];
}

/**
 * Starts ours and waits until it answers. `cpus`: a taskset CPU list (omit for all cores);
 * `env`: more variables (they win over the defaults here); `entry`: another start script (one
 * that adds bench-only routes, e.g. bench/purchases/server.mjs). BENCH_CPU_PROF=<dir> profiles it;
 * BENCH_NODE_FLAGS adds Node flags and BENCH_SERVER_LOG=<path> writes its output to <path>.<name>.
 */
export async function startOurs({
  databaseUrl,
  cpus = '0',
  env = {},
  name = 'ours',
  entry = MAIN_SOURCE,
} = {}) {
  const nodeArgs = await nodeArgsFor(entry);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-bench-'));
  const forget = onExit(() => rmSync(dataDir, { recursive: true, force: true }));
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  // Diagnostics for one run, e.g. BENCH_NODE_FLAGS=--trace-gc BENCH_SERVER_LOG=/tmp/gc.log.
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const logFile = process.env.BENCH_SERVER_LOG ? `${process.env.BENCH_SERVER_LOG}.${name}` : null;
  const child = startServer(
    name,
    process.execPath,
    [
      ...profile,
      // After the production flags, so that one of them can be overridden for an experiment.
      ...nodeArgs.slice(0, -1),
      ...extra,
      ...nodeArgs.slice(-1),
    ],
    {
      cwd: ROOT,
      cpus,
      ...(logFile ? { logFile } : {}),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? `sqlite:${join(dataDir, 'chat.sqlite')}`,
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'bench-password-1',
        PUSHER_APP_ID: CREDS.appId,
        PUSHER_KEY: CREDS.key,
        PUSHER_SECRET: CREDS.secret,
        MESSAGE_RATE_LIMIT: '1000000',
        REGISTER_RATE_LIMIT: '1000000',
        // Thousands of sockets from one address, several per account: the caps would refuse them.
        REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0',
        REALTIME_MAX_SOCKETS_PER_ACCOUNT: '0',
        ...env,
      },
    },
  );
  try {
    await waitHealthy(child, `http://127.0.0.1:${port}/healthz`, 90_000);
  } catch (error) {
    await stop(child);
    forget();
    throw error;
  }
  return {
    child,
    port,
    dataDir,
    wsUrl: `ws://127.0.0.1:${port}`,
    stop: async () => {
      await stop(child);
      forget();
    },
  };
}

/** Registers a user through the API: `{ id, token }`. */
export async function register(port, nick) {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nick, password: 'bench-pass-1', password_confirmation: 'bench-pass-1' }),
  });
  const body = await res.json();
  if (res.status !== 201)
    throw new Error(`register ${nick}: ${res.status} ${JSON.stringify(body)}`);
  return { id: body.data.user.id, token: body.meta.token };
}

/** Registers `count` users, `concurrency` at a time (password hashing is the cost). */
export async function registerMany(port, count, prefix, concurrency = 8) {
  const users = new Array(count);
  let next = 0;
  // Nicks are at most 24 characters; a run tag keeps them unique if a database is reused.
  const tag = Date.now().toString(36).slice(-4);
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        users[i] = await register(port, `${prefix}${i}_${tag}`);
      }
    }),
  );
  return users;
}

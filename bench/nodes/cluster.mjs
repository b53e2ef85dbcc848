import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startOurs } from '../lib/ours.mjs';
import { cpuSeconds } from '../lib/proc-stats.mjs';
import { onExit } from '../lib/procs.mjs';

/**
 * Several of our server processes as production runs them side by side (README "Several nodes
 * on PostgreSQL and Redis"): one PostgreSQL database, one Redis, the same secrets, each on its
 * own port. The first node starts alone (it migrates and seeds), the others after it together.
 *
 * Each cluster gets Pusher credentials of its own, so its Redis keys and its pub/sub bus
 * (`rt:{appId}:…`, `cache:{appId}:invalidate`) are nobody else's; the rate limits' keys live in
 * the Redis database `redisDb`, which nothing else here uses. `stop()` deletes the cluster's keys.
 */
export async function startCluster({ size, databaseUrl, redisUrl, cpus = '0' }) {
  const tag = randomBytes(4).toString('hex');
  const creds = {
    appId: `scale${tag}n${size}`,
    key: `scalekey${tag}`,
    secret: `scalesecret${tag}${randomBytes(8).toString('hex')}`,
  };
  const env = {
    REDIS_URL: redisUrl,
    PUSHER_APP_ID: creds.appId,
    PUSHER_KEY: creds.key,
    PUSHER_SECRET: creds.secret,
    APP_KEY: randomBytes(24).toString('hex'),
  };
  const pattern = `rt:${creds.appId}:*`;
  let cleaned = false;
  // Last resort when the bench is killed before its own clean-up: redis-cli, synchronously.
  const forgetKeys = onExit(() => {
    if (cleaned) return;
    try {
      execFileSync(
        'sh',
        [
          '-c',
          'redis-cli -u "$1" --scan --pattern "$2" | xargs -r redis-cli -u "$1" del',
          'sh',
          redisUrl,
          pattern,
        ],
        { stdio: 'ignore' },
      );
    } catch {
      // no redis-cli here, or Redis gone: nothing more to do
    }
  });
  const nodes = [];
  try {
    nodes.push(await startOurs({ databaseUrl, cpus, env, name: 'node0' }));
    nodes.push(
      ...(await Promise.all(
        Array.from({ length: size - 1 }, (_, i) =>
          startOurs({ databaseUrl, cpus, env, name: `node${i + 1}` }),
        ),
      )),
    );
  } catch (error) {
    await Promise.all(nodes.map((n) => n.stop()));
    forgetKeys();
    throw error;
  }
  return {
    creds,
    nodes,
    cpu: () => nodes.map((n) => cpuSeconds(n.child.pid) ?? 0),
    stop: async () => {
      await Promise.all(nodes.map((n) => n.stop()));
      await deleteKeys(redisUrl, pattern);
      cleaned = true;
      forgetKeys();
    },
  };
}

async function deleteKeys(redisUrl, pattern) {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * Redis's own CPU, as it reports it (INFO cpu: user + system seconds of the server process),
 * and how many commands it has processed. Read over the network, so it works whether or not
 * redis-server's /proc entry is visible here; it counts every client of that Redis.
 */
export class RedisMeter {
  constructor(redisUrl) {
    this.redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  }

  async open() {
    try {
      await this.redis.connect();
      await this.redis.ping();
      return true;
    } catch {
      this.redis.disconnect();
      return false;
    }
  }

  async read() {
    const info = await this.redis.info();
    const field = (name) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? NaN);
    return {
      cpu: field('used_cpu_user') + field('used_cpu_sys'),
      commands: field('total_commands_processed'),
      version: /^redis_version:(\S+)/m.exec(info)?.[1] ?? null,
    };
  }

  close() {
    this.redis.disconnect();
  }
}

/**
 * A database of the bench's own on the PostgreSQL of `baseUrl` (the nodes migrate and seed it),
 * so that pg_stat_database counts only this bench's transactions and rows; null when
 * PostgreSQL does not answer. `drop()` removes it (also done if the bench is interrupted).
 */
export async function freshDatabase(baseUrl) {
  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `bench_nodes_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const dropSql = `drop database if exists ${name} with (force)`;
  // Last resort when the bench is killed before its own drop: psql, synchronously.
  let dropped = false;
  const forget = onExit(() => {
    if (dropped) return;
    try {
      execFileSync('psql', [baseUrl, '-c', dropSql], { stdio: 'ignore' });
    } catch {
      // no psql here, or PostgreSQL gone: nothing more to do
    }
  });
  return {
    url: url.toString(),
    name,
    /** The database's cumulative counters: transactions and rows written and read. */
    stats: async () => {
      await admin.query('select pg_stat_clear_snapshot()');
      const { rows } = await admin.query(
        `select xact_commit::int8 as commits, xact_rollback::int8 as rollbacks,
                tup_inserted::int8 as inserted, tup_updated::int8 as updated,
                tup_deleted::int8 as deleted, tup_fetched::int8 as fetched
           from pg_stat_database where datname = $1`,
        [name],
      );
      return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
    },
    drop: async () => {
      await admin.query(dropSql);
      dropped = true;
      forget();
      await admin.end();
    },
  };
}

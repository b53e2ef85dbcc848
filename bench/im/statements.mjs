import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { optionReader } from '../lib/args.mjs';
import { ROOT, postgresSchema } from '../lib/ours.mjs';
import { cpuSeconds, pidsNamed } from '../lib/proc-stats.mjs';
import { round } from '../lib/stats.mjs';

/**
 * `npm run bench -- im --statements [--messages 2000 --rounds 5 --dialects sqlite,postgres]`:
 * the private-message post path's queries (ImRepository.conversation, then storeMessage) run
 * in this process, one message after the other, through the app's database layer (statements
 * cached on SQLite, named prepared statements on PostgreSQL) and through a plain Kysely on the
 * same database (Kysely's own dialects as they come). Rounds alternate, so a busy moment of the
 * machine falls on both. Reports wall time and CPU per message (PostgreSQL's processes apart).
 */
const server = (path) => pathToFileURL(join(ROOT, 'apps/server/src', path)).href;

async function modules() {
  register();
  const [{ openDatabase }, { migrateToLatest }, { ImRepository }, { UsersRepository }] =
    await Promise.all([
      import(server('db/database.ts')),
      import(server('db/migrate.ts')),
      import(server('features/im/im.repository.ts')),
      import(server('features/users/users.repository.ts')),
    ]);
  return { openDatabase, migrateToLatest, ImRepository, UsersRepository };
}

function plainDatabase(dialect, target) {
  if (dialect === 'sqlite')
    return new Kysely({ dialect: new SqliteDialect({ database: new SQLite(target) }) });
  const url = new URL(target);
  const schema = url.searchParams.get('schema');
  url.searchParams.delete('schema');
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: 10,
    options: `-c search_path=${schema}`,
  });
  return new Kysely({ dialect: new PostgresDialect({ pool }) });
}

async function person(users, name) {
  return users.insert({
    slug: name,
    nick: name,
    nick_key: name,
    password_hash: null,
    email: null,
    phone: null,
    gender: null,
    birthdate: null,
    role: 'user',
    settings: '{}',
    nick_style: '{}',
    avatar: null,
    frame: null,
    created_at: new Date().toISOString(),
    active_at: null,
  });
}

let sequence = 0;

/** `count` messages from a to b, one after the other, as the service runs the queries. */
async function post(im, a, b, channelId, count, dialect) {
  // Pools open and close connections: the backends of this moment are the ones that work.
  const pgPids = dialect === 'postgres' ? pidsNamed('postgres') : [];
  const pgBefore = pgPids.map(cpuSeconds);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const clientId = `s${process.pid}-${++sequence}`;
    const conversation = await im.conversation(a.id, channelId, clientId);
    await im.storeMessage(
      {
        channel_id: channelId,
        user_id: a.id,
        text: `statement bench ${sequence}`,
        attachments: '[]',
        client_id: clientId,
        read_at: null,
        created_at: new Date().toISOString(),
      },
      b.id,
      conversation.otherListed,
    );
  }
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const pgSeconds = pgPids
    .map((pid, i) => (cpuSeconds(pid) ?? 0) - (pgBefore[i] ?? 0))
    .reduce((x, y) => x + y, 0);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, pgMs: pgSeconds * 1000 };
}

async function benchDialect(dialect, opts, m) {
  let dir = null;
  let schema = null;
  let url;
  if (dialect === 'sqlite') {
    dir = mkdtempSync(join(tmpdir(), 'im-statements-'));
    url = `sqlite:${join(dir, 'bench.sqlite')}`;
  } else {
    schema = await postgresSchema();
    if (!schema) return null;
    url = schema.url;
  }
  const ours = m.openDatabase(url);
  const plain = plainDatabase(dialect, dialect === 'sqlite' ? url.slice('sqlite:'.length) : url);
  try {
    await m.migrateToLatest(ours);
    const users = new m.UsersRepository(ours.db);
    const a = await person(users, `sa${Date.now().toString(36)}`);
    const b = await person(users, `sb${Date.now().toString(36)}`);
    const { channel } = await new m.ImRepository(ours.db).openChannel(a.id, b.id, '2026-01-01');
    const variants = {
      'app layer': new m.ImRepository(ours.db),
      'plain Kysely': new m.ImRepository(plain),
    };
    const totals = Object.fromEntries(
      Object.keys(variants).map((k) => [k, { wallMs: 0, cpuMs: 0, pgMs: 0, messages: 0 }]),
    );
    // Warm-up: JIT, the first prepares, PostgreSQL's caches.
    for (const im of Object.values(variants)) await post(im, a, b, channel.id, 200, dialect);
    for (let round_ = 0; round_ < opts.rounds; round_++) {
      for (const [name, im] of Object.entries(variants)) {
        const r = await post(im, a, b, channel.id, opts.messages, dialect);
        totals[name].wallMs += r.wallMs;
        totals[name].cpuMs += r.cpuMs;
        totals[name].pgMs += r.pgMs;
        totals[name].messages += opts.messages;
      }
    }
    return Object.fromEntries(
      Object.entries(totals).map(([name, t]) => [
        name,
        {
          'µs per message (wall)': round((t.wallMs * 1000) / t.messages, 1),
          'µs CPU of this process': round((t.cpuMs * 1000) / t.messages, 1),
          'µs CPU of PostgreSQL':
            dialect === 'postgres' ? round((t.pgMs * 1000) / t.messages, 1) : '–',
        },
      ]),
    );
  } finally {
    await plain.destroy();
    await ours.close();
    await schema?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(argv) {
  const get = optionReader(argv);
  const opts = {
    messages: Number(get('messages', 2000)),
    rounds: Number(get('rounds', 5)),
    dialects: String(get('dialects', 'sqlite,postgres')).split(','),
  };
  const m = await modules();
  console.log(
    `im statements: ${opts.rounds} rounds of ${opts.messages} messages per variant, posted one after the other`,
  );
  for (const dialect of opts.dialects) {
    const result = await benchDialect(dialect, opts, m);
    console.log(`\n${dialect}${result ? '' : ': skipped (PostgreSQL did not answer)'}`);
    if (result) console.table(result);
  }
  // run.mjs exits the process next: let a piped stdout take the tables first.
  await new Promise((resolve) => process.stdout.write('', resolve));
}

/**
 * Fills a migrated database (SQLite file or PostgreSQL schema) with a site's worth of people for
 * the profiles bench: `node --import tsx bench/profiles/generate.mjs --url <DATABASE_URL>
 * [--users 100000] [--messages 1000000] [--seed 8]`. Runs under tsx so that nick keys, slugs and
 * default settings come from the server's own code, not a copy that could drift.
 *
 * What it writes, consistently with what the server would have written:
 * - users: Latin and Cyrillic nicks (unique by nick_key), slugs as registration makes them,
 *   default settings, some with gender, birthdate, about, marital status, an avatar;
 * - messages in the seeded rooms over the last 12 months, skewed (a few people write most), with
 *   users.public_messages and user_month_messages (Moscow months) equal to what was inserted;
 * - profile photos (attachments + profile_photos) for a few per cent of people, friendships
 *   (accepted and pending) for a fifth, sessions for a tenth, a few hundred people in rooms.
 * Bulk writes: one transaction of prepared statements on SQLite, unnest() arrays on PostgreSQL.
 * Prints one JSON line with what it made and how long it took.
 */
import { DEFAULT_CHAT_SETTINGS, MARITAL_STATUSES, nickKey } from '@chat/shared';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { slugBase } from '../../apps/server/src/lib/slug.ts';

function options(argv) {
  const get = (name, fallback) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : fallback;
  };
  return {
    url: get('url', null),
    users: Number(get('users', 100_000)),
    messages: Number(get('messages', 1_000_000)),
    seed: Number(get('seed', 8)),
  };
}

/** A small seeded generator: the same data on both dialects and in every run. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LATIN = `alex anna max maria dark wolf kitty angel lucky happy sunny john kate mike nick
  olga star moon rain snow fire ice tiger lion fox bear cat dog sky blue red green lady boss
  king queen prince shadow ghost storm neo matrix ninja pixel magic sweet honey cherry lemon
  mango coffee dream night zero omega alpha delta vortex rider hunter sniper tank`.split(/\s+/);
const CYRILLIC = `анна мария ольга наташа светлана катя лена ирина юля таня саша дима максим
  иван сергей андрей алексей никита артём егор денис паша вова коля миша женя ёжик зайка котик
  солнышко звезда луна ночь тень волк лиса медведь тигр ангел демон принц принцесса король
  королева шоколадка малинка вишенка ромашка лютик дождик снежок ветер буря гроза шторм
  юность яблочко щенок чудо эхо фея хулиган цветочек жемчуг`.split(/\s+/);

const capital = (w) => w[0].toLocaleUpperCase('ru') + w.slice(1);

/** A nick people would choose: a word, two words, with a number or a separator, any case. */
function makeNick(random, cyrillic) {
  const words = cyrillic ? CYRILLIC : LATIN;
  const pick = () => words[Math.floor(random() * words.length)];
  const style = random();
  let nick;
  if (style < 0.3) nick = capital(pick());
  else if (style < 0.55) nick = `${capital(pick())}${Math.floor(random() * 10_000)}`;
  else if (style < 0.75) nick = `${pick()}_${pick()}`;
  else if (style < 0.9) nick = `${capital(pick())} ${capital(pick())}`;
  else nick = pick().toLocaleUpperCase('ru');
  return nick.slice(0, 20);
}

const iso = (ms) => new Date(ms).toISOString();
/** The Moscow calendar month (UTC+3 all year) of an instant, as user_month_messages keys it. */
const moscowMonth = (ms) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 7);

function buildUsers(opts, random, firstId, takenSlugs, takenKeys, now) {
  const users = [];
  for (let i = 0; i < opts.users; i++) {
    const cyrillic = random() < 0.5;
    const chosen = makeNick(random, cyrillic);
    let nick = chosen;
    let key = nickKey(nick);
    // Taken: the chosen nick with a number, as people do (the first number that is free).
    for (let n = 2; takenKeys.has(key); n++) {
      nick = `${chosen.slice(0, 18)}${n}`;
      key = nickKey(nick);
    }
    takenKeys.add(key);
    const base = slugBase(nick);
    let slug = base;
    for (let n = 2; takenSlugs.has(slug); n++) slug = `${base}-${n}`;
    takenSlugs.add(slug);
    const createdMs = now - Math.floor(random() * 3 * 365 * 86_400_000);
    const hasProfile = random() < 0.4;
    users.push({
      id: firstId + i,
      slug,
      nick,
      nick_key: key,
      gender: hasProfile ? (random() < 0.5 ? 'male' : 'female') : null,
      birthdate: hasProfile
        ? `${1970 + Math.floor(random() * 40)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`
        : null,
      about: hasProfile && random() < 0.5 ? `Привет! Hello from ${nick}.` : null,
      marital_status:
        hasProfile && random() < 0.3
          ? MARITAL_STATUSES[Math.floor(random() * MARITAL_STATUSES.length)]
          : null,
      created_at: iso(createdMs),
      active_at: iso(createdMs + Math.floor(random() * (now - createdMs))),
      public_messages: 0,
      avatar: null,
    });
  }
  return users;
}

/**
 * Who wrote each message: a third of the people ever write, and among them a cube of a uniform
 * number puts most messages on a few (the chat's regulars).
 */
function* messages(opts, random, users, rooms, now) {
  const writers = Math.max(1, Math.floor(users.length / 3));
  for (let i = 0; i < opts.messages; i++) {
    const user = users[Math.floor(writers * random() ** 3)];
    const atMs = now - Math.floor(random() * 365 * 86_400_000);
    yield {
      room_id: rooms[Math.floor(random() * rooms.length)],
      user_id: user.id,
      text: `message ${i} сообщение`,
      created_at: iso(atMs),
      user,
      month: moscowMonth(atMs),
    };
  }
}

function buildSocial(random, users, firstAttachmentId, now) {
  const attachments = [];
  const photos = [];
  const friendships = [];
  const sessions = [];
  const present = [];
  const pairs = new Set();
  let attachmentId = firstAttachmentId;
  for (const user of users) {
    if (random() < 0.03) {
      const count = 1 + Math.floor(random() * 6);
      for (let p = 0; p < count; p++) {
        const key = `photos/${user.id}/${attachmentId}`;
        attachments.push({
          id: attachmentId,
          user_id: user.id,
          purpose: 'photo',
          status: 'complete',
          mime: 'image/jpeg',
          width: 1280,
          height: 960,
          size: 200_000 + Math.floor(random() * 300_000),
          file_key: `${key}.jpg`,
          thumb_key: `${key}-thumb.jpg`,
          created_at: user.created_at,
        });
        photos.push({
          user_id: user.id,
          attachment_id: attachmentId,
          status: random() < 0.9 ? 'accepted' : 'new',
          position: p,
          created_at: user.created_at,
        });
        if (p === 0) user.avatar = `/storage/${key}.jpg`;
        attachmentId += 1;
      }
    }
    if (random() < 0.2) {
      const count = 1 + Math.floor(random() * 8);
      for (let f = 0; f < count; f++) {
        const other = users[Math.floor(random() * users.length)];
        if (other.id === user.id) continue;
        const low = Math.min(user.id, other.id);
        const high = Math.max(user.id, other.id);
        if (pairs.has(`${low}:${high}`)) continue;
        pairs.add(`${low}:${high}`);
        const accepted = random() < 0.8;
        friendships.push({
          requester_id: user.id,
          addressee_id: other.id,
          user_low_id: low,
          user_high_id: high,
          status: accepted ? 'accepted' : 'pending',
          created_at: iso(now - 86_400_000),
          accepted_at: accepted ? iso(now - 3_600_000) : null,
        });
      }
    }
    if (random() < 0.1) {
      sessions.push({
        user_id: user.id,
        token_hash: `${user.id.toString(16).padStart(8, '0')}${'0'.repeat(56)}`,
        user_agent: 'bench',
        ip: '127.0.0.1',
        created_at: iso(now - 86_400_000),
        last_active_at: iso(now - Math.floor(random() * 86_400_000)),
      });
    }
  }
  for (let i = 0; i < 300; i++) present.push(users[Math.floor(random() * users.length)].id);
  return { attachments, photos, friendships, sessions, present: [...new Set(present)] };
}

const USER_COLUMNS = [
  'id',
  'slug',
  'nick',
  'nick_key',
  'password_hash',
  'gender',
  'birthdate',
  'role',
  'settings',
  'nick_style',
  'avatar',
  'created_at',
  'active_at',
  'about',
  'marital_status',
  'public_messages',
];
const SETTINGS = JSON.stringify(DEFAULT_CHAT_SETTINGS);
// Nobody logs in with these accounts: any hash-shaped string will do.
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2g$YmVuY2hiZW5jaGJlbmNoYmVuY2g';
const userValues = (u) => ({
  ...u,
  password_hash: HASH,
  role: 'user',
  settings: SETTINGS,
  nick_style: '{}',
});

/** Column lists for each table the generator writes, with their PostgreSQL types. */
const TABLES = {
  users: Object.fromEntries(
    USER_COLUMNS.map((c) => [
      c,
      c === 'id' || c === 'public_messages' ? 'int' : c.endsWith('_at') ? 'timestamptz' : 'text',
    ]),
  ),
  messages: { room_id: 'int', user_id: 'int', text: 'text', created_at: 'timestamptz' },
  user_month_messages: { month: 'text', user_id: 'int', messages: 'int' },
  attachments: {
    id: 'int',
    user_id: 'int',
    purpose: 'text',
    status: 'text',
    mime: 'text',
    width: 'int',
    height: 'int',
    size: 'int',
    file_key: 'text',
    thumb_key: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  profile_photos: {
    user_id: 'int',
    attachment_id: 'int',
    status: 'text',
    position: 'int',
    created_at: 'timestamptz',
  },
  friendships: {
    requester_id: 'int',
    addressee_id: 'int',
    user_low_id: 'int',
    user_high_id: 'int',
    status: 'text',
    created_at: 'timestamptz',
    accepted_at: 'timestamptz',
  },
  sessions: {
    user_id: 'int',
    token_hash: 'text',
    user_agent: 'text',
    ip: 'text',
    created_at: 'timestamptz',
    last_active_at: 'timestamptz',
  },
  room_users: {
    room_id: 'int',
    user_id: 'int',
    position: 'int',
    state_id: 'int',
    invisible: 'int',
    entered_at: 'timestamptz',
  },
};

class SqliteWriter {
  constructor(file) {
    this.db = new SQLite(file);
    // A bulk load into a throwaway file: durability is not the point, speed is.
    this.db.pragma('synchronous = OFF');
    this.db.pragma('cache_size = -200000');
    this.statements = {};
  }

  async query(text) {
    return this.db.prepare(text).all();
  }

  async begin() {
    this.db.exec('begin');
  }

  async commit() {
    this.db.exec('commit');
  }

  async insert(table, rows) {
    const columns = Object.keys(TABLES[table]);
    this.statements[table] ??= this.db.prepare(
      `insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
    );
    const statement = this.statements[table];
    for (const row of rows) {
      const values = {};
      for (const c of columns) values[c] = row[c] ?? null;
      statement.run(values);
    }
  }

  async finish() {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.db.close();
  }
}

class PostgresWriter {
  async open(url) {
    const parsed = new URL(url);
    const schema = parsed.searchParams.get('schema');
    parsed.searchParams.delete('schema');
    this.client = new pg.Client({
      connectionString: parsed.toString(),
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    await this.client.connect();
    return this;
  }

  async query(text) {
    return (await this.client.query(text)).rows;
  }

  async begin() {
    await this.client.query('begin');
  }

  async commit() {
    await this.client.query('commit');
  }

  /** One statement per 20,000 rows: each column goes as one array parameter. */
  async insert(table, rows) {
    const types = TABLES[table];
    const columns = Object.keys(types);
    for (let start = 0; start < rows.length; start += 20_000) {
      const chunk = rows.slice(start, start + 20_000);
      const arrays = columns.map((c) => chunk.map((r) => r[c] ?? null));
      await this.client.query(
        `insert into ${table} (${columns.join(', ')}) select * from unnest(${columns
          .map((c, i) => `$${i + 1}::${types[c]}[]`)
          .join(', ')})`,
        arrays,
      );
    }
  }

  async finish() {
    // Explicit ids were inserted: move the identity sequences past them.
    for (const table of ['users', 'attachments']) {
      await this.client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    }
    // A real server's autovacuum vacuums and analyses tables within a minute of such a load;
    // until then counts cannot be answered from an index alone (no visibility map yet).
    // Only the tables written here: a bare VACUUM would cover every schema of the database.
    await this.client.query(`vacuum analyze ${Object.keys(TABLES).join(', ')}`);
    await this.client.end();
  }
}

export async function generate(opts) {
  const started = performance.now();
  const postgres = !opts.url.startsWith('sqlite:');
  const db = postgres
    ? await new PostgresWriter().open(opts.url)
    : new SqliteWriter(opts.url.slice('sqlite:'.length));
  const random = mulberry32(opts.seed);
  const now = Date.now();

  const existing = await db.query('select id, slug, nick_key from users');
  const rooms = (await db.query('select id from rooms order by id')).map((r) => Number(r.id));
  if (!rooms.length) throw new Error('no rooms: start the server once so that it seeds them');
  const firstId = Math.max(0, ...existing.map((u) => Number(u.id))) + 1;
  const attachmentMax = await db.query('select max(id) as m from attachments');
  const firstAttachmentId = Number(attachmentMax[0].m ?? 0) + 1;

  const users = buildUsers(
    opts,
    random,
    firstId,
    new Set(existing.map((u) => u.slug)),
    new Set(existing.map((u) => u.nick_key)),
    now,
  );
  const social = buildSocial(random, users, firstAttachmentId, now);

  await db.begin();
  // Users go first (the messages' foreign keys); messages are written in batches while their
  // counts are tallied, and the users' totals are set from the tallies before the commit.
  await db.insert('users', users.map(userValues));
  const months = new Map();
  let batch = [];
  for (const m of messages(opts, random, users, rooms, now)) {
    m.user.public_messages += 1;
    const key = `${m.month}|${m.user_id}`;
    months.set(key, (months.get(key) ?? 0) + 1);
    batch.push(m);
    if (batch.length === 50_000) {
      await db.insert('messages', batch);
      batch = [];
    }
  }
  await db.insert('messages', batch);
  const usersMs = performance.now() - started;
  await db.insert(
    'user_month_messages',
    [...months].map(([key, count]) => {
      const [month, userId] = key.split('|');
      return { month, user_id: Number(userId), messages: count };
    }),
  );
  await db.insert(
    'attachments',
    social.attachments.map((a) => ({ ...a, updated_at: a.created_at })),
  );
  await db.insert('profile_photos', social.photos);
  await db.insert('friendships', social.friendships);
  await db.insert('sessions', social.sessions);
  await db.insert(
    'room_users',
    social.present.map((userId, i) => ({
      room_id: rooms[i % rooms.length],
      user_id: userId,
      position: i,
      state_id: 1,
      invisible: i % 10 === 0 ? 1 : 0,
      entered_at: new Date(now).toISOString(),
    })),
  );
  await setCounters(db, users, postgres);
  await db.commit();
  await db.finish();
  return {
    users: users.length,
    messages: opts.messages,
    monthRows: months.size,
    photos: social.photos.length,
    friendships: social.friendships.length,
    sessions: social.sessions.length,
    inRooms: social.present.length,
    firstUserId: firstId,
    messagesWrittenMs: Math.round(usersMs),
    totalMs: Math.round(performance.now() - started),
  };
}

/** users.public_messages and users.avatar as tallied (only the rows that differ from 0/null). */
async function setCounters(db, users, postgres) {
  const changed = users.filter((u) => u.public_messages > 0 || u.avatar !== null);
  if (postgres) {
    for (let start = 0; start < changed.length; start += 20_000) {
      const chunk = changed.slice(start, start + 20_000);
      await db.client.query(
        `update users set public_messages = v.n, avatar = v.avatar
           from unnest($1::int[], $2::int[], $3::text[]) as v(id, n, avatar)
          where users.id = v.id`,
        [chunk.map((u) => u.id), chunk.map((u) => u.public_messages), chunk.map((u) => u.avatar)],
      );
    }
    return;
  }
  const update = db.db.prepare('update users set public_messages = ?, avatar = ? where id = ?');
  for (const u of changed) update.run(u.public_messages, u.avatar, u.id);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const opts = options(process.argv.slice(2));
  if (!opts.url) {
    console.error('usage: node --import tsx bench/profiles/generate.mjs --url <DATABASE_URL>');
    process.exit(1);
  }
  console.log(JSON.stringify(await generate(opts)));
}

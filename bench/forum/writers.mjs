import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * Bulk writers for the forum bench's generator: one transaction of prepared statements on
 * SQLite, one statement of unnest() arrays per 10,000 rows on PostgreSQL. Only the columns
 * listed here are written (rows may carry more); the rest take their defaults.
 */
export const TABLES = {
  users: {
    id: 'int',
    slug: 'text',
    nick: 'text',
    nick_key: 'text',
    password_hash: 'text',
    role: 'text',
    settings: 'text',
    nick_style: 'text',
    created_at: 'timestamptz',
    active_at: 'timestamptz',
  },
  forum_categories: {
    id: 'int',
    slug: 'text',
    name_ru: 'text',
    name_en: 'text',
    description_ru: 'text',
    description_en: 'text',
    position: 'int',
    threads_count: 'int',
    posts_count: 'int',
    last_post_id: 'int',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  forum_threads: {
    id: 'int',
    category_id: 'int',
    slug: 'text',
    subject: 'text',
    author_id: 'int',
    first_post_id: 'int',
    last_post_id: 'int',
    last_posted_at: 'timestamptz',
    posts_count: 'int',
    views: 'int',
    status: 'text',
    created_at: 'timestamptz',
  },
  forum_posts: {
    id: 'int',
    thread_id: 'int',
    number: 'int',
    author_id: 'int',
    text: 'text',
    html: 'text',
    reply_to_id: 'int',
    status: 'text',
    created_at: 'timestamptz',
    deleted_at: 'timestamptz',
  },
  sessions: {
    user_id: 'int',
    token_hash: 'text',
    user_agent: 'text',
    ip: 'text',
    created_at: 'timestamptz',
    last_active_at: 'timestamptz',
  },
  messages: { id: 'int', room_id: 'int', user_id: 'int', text: 'text', created_at: 'timestamptz' },
};

class SqliteWriter {
  constructor(file) {
    this.dialect = 'sqlite';
    this.db = new SQLite(file);
    // A bulk load into a throwaway file: durability is not the point, speed is.
    this.db.pragma('synchronous = OFF');
    this.db.pragma('cache_size = -400000');
    this.statements = {};
  }

  async query(text, params = []) {
    const statement = this.db.prepare(text);
    return statement.reader ? statement.all(...params) : (statement.run(...params), []);
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
      `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    );
    const statement = this.statements[table];
    for (const row of rows) statement.run(columns.map((c) => row[c] ?? null));
  }

  async close() {
    this.db.close();
  }

  async finish() {
    this.db.exec('analyze');
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.db.close();
  }
}

class PostgresWriter {
  async open(url) {
    this.dialect = 'postgres';
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

  async query(text, params = []) {
    return (await this.client.query(text, params)).rows;
  }

  async begin() {
    await this.client.query('begin');
  }

  async commit() {
    await this.client.query('commit');
  }

  async insert(table, rows) {
    const types = TABLES[table];
    const columns = Object.keys(types);
    for (let start = 0; start < rows.length; start += 10_000) {
      const chunk = rows.slice(start, start + 10_000);
      await this.client.query(
        `insert into ${table} (${columns.join(', ')}) select * from unnest(${columns
          .map((c, i) => `$${i + 1}::${types[c]}[]`)
          .join(', ')})`,
        columns.map((c) => chunk.map((r) => r[c] ?? null)),
      );
    }
  }

  async close() {
    await this.client.end();
  }

  async finish() {
    // Explicit ids were inserted: move the identity sequences past them.
    for (const table of Object.keys(TABLES).filter((t) => t !== 'sessions')) {
      await this.client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    }
    // A real server's autovacuum would vacuum and analyse the tables soon after such a load.
    await this.client.query(`vacuum analyze ${Object.keys(TABLES).join(', ')}`);
    await this.client.end();
  }
}

export async function openWriter(url) {
  if (url.startsWith('sqlite:')) return new SqliteWriter(url.slice('sqlite:'.length));
  return new PostgresWriter().open(url);
}

import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * Bulk writers for the benches' generators (forum, art): one transaction of prepared statements
 * on SQLite, one statement of unnest() arrays per 10,000 rows on PostgreSQL. `tables` names,
 * per table, the columns written and their PostgreSQL array types (rows may carry more; the
 * rest take their defaults); a table with an `id` column has its sequence moved past the rows.
 */
class SqliteWriter {
  constructor(file, tables) {
    this.tables = tables;
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
    const columns = Object.keys(this.tables[table]);
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
  async open(url, tables) {
    this.tables = tables;
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
    const types = this.tables[table];
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
    for (const table of Object.keys(this.tables).filter((t) => 'id' in this.tables[t])) {
      await this.client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    }
    // A real server's autovacuum would vacuum and analyse the tables soon after such a load.
    await this.client.query(`vacuum analyze ${Object.keys(this.tables).join(', ')}`);
    await this.client.end();
  }
}

export async function openBulkWriter(url, tables) {
  if (url.startsWith('sqlite:')) return new SqliteWriter(url.slice('sqlite:'.length), tables);
  return new PostgresWriter().open(url, tables);
}

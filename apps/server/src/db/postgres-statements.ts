import { createHash } from 'node:crypto';
import pg from 'pg';

/** Data statements are prepared; BEGIN, COMMIT, SET, LOCK and DDL run as they come. */
const DATA_STATEMENT = /^\s*(?:select|insert|update|delete|with)\b/i;
/**
 * After these a prepared `select *` or `returning *` may describe rows of the old shape, which
 * PostgreSQL refuses to run ("cached plan must not change result type").
 */
const SCHEMA_CHANGE = /^\s*(?:create|alter|drop)\b/i;
const COMMIT = /^\s*(?:commit|end)\b/i;
/**
 * A full-text match's best plan depends on its words (a common pair is found walking the
 * newest ids, a rare one through the GIN index): a generic plan would pick one for all, so
 * these run unnamed, planned for each call.
 */
const PLANNED_PER_CALL = /@@/;

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
// Always called with `.call(this, …)` on a client.
// eslint-disable-next-line @typescript-eslint/unbound-method
const baseQuery = pg.Client.prototype.query as Query;

interface ParsedStatements {
  connection: { parsedStatements: Record<string, string> };
}

/**
 * A pg Client class for the pool (`new pg.Pool({ Client })`) whose parameterised data queries
 * run as named prepared statements: `client.query(sql, params)` from Kysely becomes
 * `{ name, text, values }`, the name a hash of the text, so PostgreSQL parses and plans each
 * query shape once per connection instead of on every call.
 *
 * - Statements live per connection; a schema per test file is fine (one pool each), and
 *   search_path is fixed when a connection starts.
 * - At most `maxPerConnection` statements per connection: the rest (e.g. `in (…)` lists of
 *   rare lengths) run unnamed.
 * - A schema change made through any client of the pool (migrations) makes every client
 *   DEALLOCATE ALL before its next prepared query, so no statement outlives the row shape it
 *   was planned for. A change made by another process is not seen: migrations run at start.
 * - Statements without parameters stay on the simple protocol, which also allows several
 *   statements in one text.
 */
export function preparingClient(maxPerConnection = 500): typeof pg.Client {
  const schema = { generation: 0 };
  const names = new Map<string, string>();

  function nameOf(text: string): string {
    let name = names.get(text);
    if (!name) {
      if (names.size >= 5000) names.clear();
      name = `k${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    return name;
  }

  return class PreparingClient extends pg.Client {
    #prepared = new Set<string>();
    #generation = schema.generation;
    #schemaChangeToCommit = false;

    override query(config: unknown, values?: unknown, callback?: unknown): never {
      if (typeof config !== 'string' || typeof callback === 'function' || values === undefined)
        return baseQuery.call(this, config, values, callback) as never;
      if (
        Array.isArray(values) &&
        values.length > 0 &&
        DATA_STATEMENT.test(config) &&
        !PLANNED_PER_CALL.test(config)
      )
        return this.#runPrepared(config, values) as never;
      if (SCHEMA_CHANGE.test(config)) return this.#changeSchema(config, values) as never;
      if (this.#schemaChangeToCommit && COMMIT.test(config))
        return this.#changeSchema(config, values) as never;
      return baseQuery.call(this, config, values) as never;
    }

    async #runPrepared(text: string, values: unknown[]): Promise<unknown> {
      if (this.#generation !== schema.generation) await this.#forgetStatements();
      const name = nameOf(text);
      if (!this.#prepared.has(name)) {
        if (this.#prepared.size >= maxPerConnection) return baseQuery.call(this, text, values);
        this.#prepared.add(name);
      }
      return baseQuery.call(this, { name, text, values });
    }

    /** Runs a schema change (or the commit that publishes one), then tells every client. */
    async #changeSchema(text: string, values: unknown): Promise<unknown> {
      this.#schemaChangeToCommit = !COMMIT.test(text);
      try {
        return await baseQuery.call(this, text, values);
      } finally {
        schema.generation += 1;
      }
    }

    async #forgetStatements(): Promise<void> {
      const generation = schema.generation;
      if (this.#prepared.size > 0) {
        await baseQuery.call(this, 'deallocate all');
        // pg remembers what it parsed on this connection and would skip the Parse otherwise.
        (this as unknown as ParsedStatements).connection.parsedStatements = {};
        this.#prepared.clear();
      }
      this.#generation = generation;
    }
  };
}

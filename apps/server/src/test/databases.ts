import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDialect = 'sqlite' | 'postgres';

export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let postgresAnswers: Promise<boolean> | null = null;

/** Whether the test PostgreSQL answers; asked once per process. */
export function postgresAvailable(): Promise<boolean> {
  postgresAnswers ??= (async () => {
    const client = new pg.Client({
      connectionString: TEST_POSTGRES_URL,
      connectionTimeoutMillis: 2000,
    });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return postgresAnswers;
}

/**
 * The dialects a suite runs on: SQLite always, PostgreSQL when it answers. On CI a silent
 * PostgreSQL is a failure, not a skip: the suite must prove both.
 */
export async function testDialects(): Promise<TestDialect[]> {
  if (await postgresAvailable()) return ['sqlite', 'postgres'];
  if (process.env.CI === 'true')
    throw new Error(`PostgreSQL does not answer at ${TEST_POSTGRES_URL} (required on CI)`);
  console.warn(
    `SKIP postgres: PostgreSQL does not answer at ${TEST_POSTGRES_URL}; running on SQLite only`,
  );
  return ['sqlite'];
}

/**
 * Set by global-setup.ts for a whole run: its schemas are named with it and dropped together
 * when the run ends. A schema dropped while another file migrates breaks that file: Kysely's
 * migrator lists every schema's tables, and a table dropped mid-listing is an error.
 */
export const TEST_SCHEMA_RUN = 'TEST_SCHEMA_RUN';

/**
 * A fresh schema in the test database; dropped by the returned function, or with the rest of
 * the run's at its end when the run names them (TEST_SCHEMA_RUN).
 */
export async function createPostgresSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  const run = process.env[TEST_SCHEMA_RUN];
  const schema = `${run ?? 't'}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.searchParams.set('schema', schema);
  return {
    url: url.toString(),
    drop: async () => {
      if (run !== undefined) return;
      const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

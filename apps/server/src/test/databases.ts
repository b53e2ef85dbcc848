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

/** A fresh schema in the test database; dropped again by the returned function. */
export async function createPostgresSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.searchParams.set('schema', schema);
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

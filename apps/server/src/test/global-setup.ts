import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { postgresAvailable, TEST_POSTGRES_URL, TEST_SCHEMA_RUN } from './databases';

/**
 * One name for this run's PostgreSQL schemas (databases.ts), set before the workers start so
 * they inherit it; at the end, every schema of the run is dropped at once.
 */
export default async function setup() {
  const run = `t${randomBytes(4).toString('hex')}`;
  process.env[TEST_SCHEMA_RUN] = run;
  return async () => {
    if (!(await postgresAvailable())) return;
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ nspname: string }>(
        'select nspname from pg_namespace where starts_with(nspname, $1)',
        [`${run}_`],
      );
      for (const { nspname } of rows)
        await client.query(`drop schema if exists ${nspname} cascade`);
    } finally {
      await client.end();
    }
  };
}

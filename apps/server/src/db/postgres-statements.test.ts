import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresSchema, postgresAvailable } from '../test/databases';
import { preparingClient } from './postgres-statements';

const available = await postgresAvailable();

/** One connection, so what it prepared is what pg_prepared_statements lists. */
describe.runIf(available)('preparingClient (PostgreSQL named statements)', () => {
  let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
  let pool: pg.Pool;
  // Kysely queries a client it took from the pool (pool.query would pass a callback).
  let client: pg.PoolClient;

  const prepared = async (): Promise<string[]> => {
    const { rows } = await client.query<{ statement: string }>(
      'select statement from pg_prepared_statements order by statement',
      [],
    );
    return rows.map((r) => r.statement);
  };

  beforeAll(async () => {
    schema = await createPostgresSchema();
    const url = new URL(schema.url);
    const name = url.searchParams.get('schema')!;
    url.searchParams.delete('schema');
    pool = new pg.Pool({
      connectionString: url.toString(),
      max: 1,
      options: `-c search_path=${name}`,
      Client: preparingClient(2),
    });
    client = await pool.connect();
    await client.query('create table t (id int primary key, a text)', []);
    await client.query('insert into t (id, a) values ($1, $2), ($3, $4)', [1, 'one', 2, 'two']);
  });

  afterAll(async () => {
    client?.release();
    await pool?.end();
    await schema?.drop();
  });

  it('prepares a parameterised data query once per connection', async () => {
    const text = 'select * from t where id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, a: 'one' }]);
    expect((await client.query(text, [2])).rows).toEqual([{ id: 2, a: 'two' }]);
    expect(await prepared()).toEqual(['insert into t (id, a) values ($1, $2), ($3, $4)', text]);
    // Without parameters a statement runs as it is (several may share one text).
    await client.query('select 1; select 2', []);
    expect(await prepared()).toHaveLength(2);
  });

  it('runs statements beyond the per-connection bound unnamed', async () => {
    expect((await client.query('select a from t where id = $1', [2])).rows).toEqual([{ a: 'two' }]);
    expect(await prepared()).toHaveLength(2);
  });

  it('forgets what it prepared when the schema changes, so `select *` sees the new shape', async () => {
    const text = 'select * from t where id = $1';
    await client.query(text, [1]);
    await client.query('alter table t add column b int not null default 5', []);
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, a: 'one', b: 5 }]);
    expect(await prepared()).toEqual([text]);
  });

  it('keeps working inside a transaction that is rolled back', async () => {
    await client.query('begin', []);
    await client.query('update t set a = $1 where id = $2', ['uno', 1]);
    await client.query('rollback', []);
    expect((await client.query('select a from t where id = $1', [1])).rows).toEqual([{ a: 'one' }]);
  });
});

import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { onNativeSqlite } from './sqlite-native';

describe('onNativeSqlite', () => {
  let database: Database;

  beforeEach(async () => {
    database = openDatabase('sqlite::memory:');
    await sql`create table t (v text not null)`.execute(database.db);
  });
  afterEach(() => database.close());

  const values = async () =>
    (await sql<{ v: string }>`select v from t order by rowid`.execute(database.db)).rows.map(
      (r) => r.v,
    );

  it('runs statements on the raw connection with the cached statements', async () => {
    const answer = await onNativeSqlite(database.db, ({ prepare }) => {
      prepare('insert into t (v) values (?)').run('a');
      return prepare('select count(*) as n from t').get();
    });
    expect(answer).toEqual({ n: 1 });
    expect(await values()).toEqual(['a']);
  });

  it('never lands inside a Kysely transaction that is waiting between statements', async () => {
    let inGap!: () => void;
    const gap = new Promise<void>((resolve) => (inGap = resolve));
    const rolledBack = database.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t (v) values ('in the transaction')`.execute(trx);
        inGap();
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await gap;
    // Asked while the transaction is open: it waits for it to end, then writes on its own.
    const native = onNativeSqlite(database.db, ({ prepare }) =>
      prepare("insert into t (v) values ('native')").run(),
    );
    expect(await rolledBack).toBe('roll back');
    await native;
    expect(await values()).toEqual(['native']);
  });

  it('refuses what is not the root of a SQLite database', async () => {
    await expect(
      database.db.transaction().execute((trx) => onNativeSqlite(trx, () => 1)),
    ).rejects.toThrow(/root Kysely of a SQLite/);
  });
});

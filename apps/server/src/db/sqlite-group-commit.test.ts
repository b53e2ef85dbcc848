import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { SqliteGroupCommit } from './sqlite-group-commit';

describe('SqliteGroupCommit', () => {
  let database: Database;
  let writer: SqliteGroupCommit;

  beforeEach(async () => {
    database = openDatabase('sqlite::memory:');
    await sql`create table t (v text not null unique)`.execute(database.db);
    writer = new SqliteGroupCommit(database.db);
  });
  afterEach(() => database.close());

  const insert = (v: string) =>
    writer.run(({ prepare }) => Number(prepare('insert into t (v) values (?)').run(v).changes));
  const stored = async () =>
    (await sql<{ v: string }>`select v from t order by rowid`.execute(database.db)).rows.map(
      (r) => r.v,
    );

  it('runs the writes of one turn in one transaction and answers each', async () => {
    let turnsBetween = 0;
    const seen: { inTransaction: boolean; turnsBetween: number }[] = [];
    const results = await Promise.all(
      ['a', 'b', 'c'].map((v) =>
        writer.run(({ prepare, sqlite }) => {
          // Nothing else runs between them: one synchronous run inside one transaction.
          if (seen.length === 0) queueMicrotask(() => (turnsBetween += 1));
          seen.push({ inTransaction: sqlite.inTransaction, turnsBetween });
          return prepare('insert into t (v) values (?) returning v').get(v);
        }),
      ),
    );
    expect(results).toEqual([{ v: 'a' }, { v: 'b' }, { v: 'c' }]);
    expect(seen).toEqual(Array(3).fill({ inTransaction: true, turnsBetween: 0 }));
    expect(await stored()).toEqual(['a', 'b', 'c']);
  });

  it('fails a write alone: the others of its group are stored', async () => {
    const outcomes = await Promise.allSettled([insert('x'), insert('x'), insert('y')]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await stored()).toEqual(['x', 'y']);
  });

  it('keeps a failed write from leaving anything behind', async () => {
    const failing = writer.run(({ prepare }) => {
      prepare('insert into t (v) values (?)').run('half');
      throw new Error('changed my mind');
    });
    await expect(failing).rejects.toThrow('changed my mind');
    await insert('whole');
    expect(await stored()).toEqual(['whole']);
  });

  it('takes writes asked for while a group commits into the next group', async () => {
    const first = insert('1');
    await new Promise((resolve) => setImmediate(resolve));
    const second = insert('2');
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(await stored()).toEqual(['1', '2']);
  });
});

import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachingStatements } from './sqlite-statements';

describe('cachingStatements (SQLite)', () => {
  it('answers the statement prepared before for the same SQL text', () => {
    const database = cachingStatements(new SQLite(':memory:'));
    const first = database.prepare('select ? as x');
    expect(database.prepare('select ? as x')).toBe(first);
    expect(first.all([7])).toEqual([{ x: 7 }]);
    expect(database.prepare('select ? as y')).not.toBe(first);
    database.close();
  });

  it('drops the least recently used statement when full', () => {
    const database = cachingStatements(new SQLite(':memory:'), 2);
    const a = database.prepare('select 1');
    const b = database.prepare('select 2');
    expect(database.prepare('select 1')).toBe(a); // a is now the most recent
    database.prepare('select 3'); // b goes
    expect(database.prepare('select 1')).toBe(a);
    expect(database.prepare('select 2')).not.toBe(b);
    database.close();
  });

  it('keeps reader, run and iterate as better-sqlite3 has them', () => {
    const sqlite = new SQLite(':memory:');
    const database = cachingStatements(sqlite);
    database.prepare('create table t (id integer primary key, v text)').run([]);
    const insert = database.prepare('insert into t (v) values (?)');
    expect(insert.reader).toBe(false);
    expect(insert.run(['a']).lastInsertRowid).toBe(1);
    expect(database.prepare('insert into t (v) values (?)').run(['b']).changes).toBe(1);
    const select = database.prepare('select v from t order by id');
    expect(select.reader).toBe(true);
    expect([...select.iterate([])]).toEqual([{ v: 'a' }, { v: 'b' }]);
    database.close();
    expect(sqlite.open).toBe(false);
  });
});

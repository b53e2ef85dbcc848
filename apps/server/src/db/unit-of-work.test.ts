import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainEvents } from '../events/domain-events';
import { JobQueue, type JobPayloads } from '../features/jobs/job-queue';
import { JobsRepository } from '../features/jobs/jobs.repository';
import { createPostgresSchema, testDialects } from '../test/databases';
import { openDatabase, type Database } from './database';
import { migrateToLatest } from './migrate';
import { UnitOfWork } from './unit-of-work';

declare module '../features/jobs/job-queue' {
  interface JobPayloads {
    'test.unit': { key: string };
  }
}

const log = pino({ level: 'silent' });
const dialects = await testDialects();

const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.each(dialects)('unit of work on %s', (dialect) => {
  let database: Database;
  let drop: () => Promise<void> = async () => undefined;
  let events: DomainEvents;
  let jobs: JobQueue;
  let units: UnitOfWork<JobPayloads>;
  const ran: string[] = [];

  beforeAll(async () => {
    if (dialect === 'postgres') {
      const schema = await createPostgresSchema();
      database = openDatabase(schema.url);
      drop = schema.drop;
    } else {
      database = openDatabase('sqlite::memory:');
    }
    await migrateToLatest(database);
    events = new DomainEvents(log);
    jobs = new JobQueue(new JobsRepository(database.db, database.dialect), log, {
      nodeId: 'unit-of-work-test',
      pollMs: 60_000,
    });
    jobs.register('test.unit', {
      run: async ({ key }) => {
        ran.push(key);
      },
    });
    await jobs.start();
    units = new UnitOfWork({ db: database.db, events, jobs, log });
  });
  afterAll(async () => {
    await jobs.stop();
    await database.close();
    await drop();
  });

  let n = 0;
  /** A key of its own for each test: the rows, jobs and events it makes are told by it. */
  const fresh = () => `${dialect}-${++n}-${Math.random().toString(36).slice(2, 8)}`;
  const setting = (key: string) =>
    database.db
      .selectFrom('site_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
  const jobsOf = (key: string) =>
    database.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'test.unit')
      .where('payload', '=', JSON.stringify({ key }))
      .execute();
  const heard = () => {
    const keys: string[] = [];
    events.on('build.started', ({ buildKey }) => {
      keys.push(buildKey);
    });
    return keys;
  };
  const write = (db: Database['db'], key: string) =>
    db.insertInto('site_settings').values({ key, value: 'written' }).execute();

  it('a rolled-back unit emits nothing and leaves no job and no row', async () => {
    const key = fresh();
    const keys = heard();
    await expect(
      units.run(async (tx) => {
        await write(tx.db, key);
        tx.emit('build.started', { buildKey: key });
        expect(await tx.enqueue('test.unit', { key })).toEqual(expect.any(Number));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(keys).not.toContain(key);
    expect(await jobsOf(key)).toEqual([]);
    expect(await setting(key)).toBeUndefined();
    // Even once the workers looked again, nothing of it ever runs.
    jobs.wake();
    await new Promise((r) => setTimeout(r, 50));
    expect(ran).not.toContain(key);
  });

  it('a committed unit emits after the commit: a listener reading the database sees the row', async () => {
    const key = fresh();
    const seen: unknown[] = [];
    events.on('build.started', async ({ buildKey }) => {
      if (buildKey === key) seen.push(await setting(key), (await jobsOf(key)).length);
    });
    const keys = heard();
    const answer = await units.run(async (tx) => {
      await write(tx.db, key);
      tx.emit('build.started', { buildKey: key });
      await tx.enqueue('test.unit', { key }, { dedupeKey: `test.unit:${key}` });
      expect(keys).toEqual([]);
      return 42;
    });
    expect(answer).toBe(42);
    expect(keys).toEqual([key]);
    await until(() => seen.length === 2);
    expect(seen).toEqual([{ value: 'written' }, 1]);
    // The job was due now: the workers were woken by the commit, not by their next poll.
    await until(() => ran.includes(key), 2000);
  });

  it('runs after-commit effects in order with the events, and only after a commit', async () => {
    const key = fresh();
    const order: string[] = [];
    events.on('build.started', ({ buildKey }) => {
      if (buildKey === key) order.push('event');
    });
    await units.run(async (tx) => {
      tx.afterCommit(() => order.push('first'));
      tx.emit('build.started', { buildKey: key });
      tx.afterCommit(() => {
        throw new Error('an effect failing is logged, and the others still run');
      });
      tx.afterCommit(() => order.push('last'));
    });
    expect(order).toEqual(['first', 'event', 'last']);
    await expect(
      units.run(async (tx) => {
        tx.afterCommit(() => order.push('never'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(order).not.toContain('never');
  });

  it('a unit of one statement writes without a transaction and emits after its work, never after a throw', async () => {
    const key = fresh();
    const refused = fresh();
    const keys = heard();
    await units.runAlone(async (tx) => {
      await write(tx.db, key);
      tx.emit('build.started', { buildKey: key });
      expect(keys).toEqual([]);
    });
    expect(keys).toEqual([key]);
    expect(await setting(key)).toEqual({ value: 'written' });
    await expect(
      units.runAlone(async (tx) => {
        tx.emit('build.started', { buildKey: refused });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(keys).toEqual([key]);
  });

  it('a nested run joins the running unit: one transaction, its events go with the outer commit', async () => {
    const outerKey = fresh();
    const innerKey = fresh();
    const keys = heard();
    await units.run(async (tx) => {
      await write(tx.db, outerKey);
      await units.run(async (inner) => {
        expect(inner.db).toBe(tx.db);
        await write(inner.db, innerKey);
        inner.emit('build.started', { buildKey: innerKey });
        await inner.enqueue('test.unit', { key: innerKey });
      }, tx);
      expect(keys).toEqual([]);
      tx.emit('build.started', { buildKey: outerKey });
    });
    expect(keys).toEqual([innerKey, outerKey]);
    expect(await setting(innerKey)).toEqual({ value: 'written' });
    expect(await jobsOf(innerKey)).toHaveLength(1);
  });

  it('an outer rollback takes the joined work with it', async () => {
    const key = fresh();
    const keys = heard();
    await expect(
      units.run(async (tx) => {
        await units.run(async (inner) => {
          await write(inner.db, key);
          inner.emit('build.started', { buildKey: key });
          await inner.enqueue('test.unit', { key });
        }, tx);
        throw new Error('refused after the inner work');
      }),
    ).rejects.toThrow('refused after the inner work');
    expect(keys).toEqual([]);
    expect(await setting(key)).toBeUndefined();
    expect(await jobsOf(key)).toEqual([]);
  });

  it('a joined work that throws takes back its events; the outer may go on', async () => {
    const outerKey = fresh();
    const innerKey = fresh();
    const keys = heard();
    await units.run(async (tx) => {
      tx.emit('build.started', { buildKey: outerKey });
      await expect(
        units.run(async (inner) => {
          inner.emit('build.started', { buildKey: innerKey });
          throw new Error('inner refused');
        }, tx),
      ).rejects.toThrow('inner refused');
    });
    expect(keys).toEqual([outerKey]);
  });

  it('refuses a unit that is over: joined later, or used after its commit', async () => {
    let kept: Parameters<Parameters<typeof units.run>[0]>[0] | null = null;
    await units.run(async (tx) => {
      kept = tx;
    });
    await expect(units.run(async () => undefined, kept)).rejects.toThrow('not running');
    expect(() => kept!.emit('build.started', { buildKey: 'late' })).toThrow('after its commit');
    await expect(kept!.enqueue('test.unit', { key: 'late' })).rejects.toThrow('after its commit');
  });

  if (dialect === 'sqlite')
    it('grouped units of one turn share a commit; one that throws is rolled back alone, silently', async () => {
      expect(units.grouped).toBe(true);
      const [a, b, c] = [fresh(), fresh(), fresh()];
      const keys = heard();
      const effects: string[] = [];
      const insert = 'insert into site_settings (key, value) values (?, ?)';
      const grouped = (key: string, fail = false) =>
        units.runGrouped((tx) => {
          tx.native.prepare(insert).run(key, 'written');
          tx.emit('build.started', { buildKey: key });
          tx.afterCommit(() => effects.push(key));
          // In the group's transaction, and nothing is out before its commit.
          expect(tx.native.sqlite.inTransaction).toBe(true);
          expect(keys).toEqual([]);
          if (fail) throw new Error(`refused ${key}`);
          return key;
        });
      const results = await Promise.allSettled([grouped(a), grouped(b, true), grouped(c)]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(keys).toEqual([a, c]);
      expect(effects).toEqual([a, c]);
      expect(await setting(a)).toEqual({ value: 'written' });
      expect(await setting(b)).toBeUndefined();
      expect(await setting(c)).toEqual({ value: 'written' });
    });
  else
    it('has no grouped units', async () => {
      expect(units.grouped).toBe(false);
      await expect(units.runGrouped(() => 1)).rejects.toThrow('need SQLite');
    });

  it('a unit widened by spreading is the same unit', async () => {
    const key = fresh();
    const keys = heard();
    await units.run(async (tx) => {
      const widened = { ...tx, extra: true };
      await units.run(async (inner) => {
        inner.emit('build.started', { buildKey: key });
      }, widened);
    });
    expect(keys).toEqual([key]);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { createPostgresSchema, testDialects } from '../../test/databases';
import { JobQueue, type JobQueueOptions } from './job-queue';
import { JobsRepository } from './jobs.repository';

declare module './job-queue' {
  interface JobPayloads {
    'test.flaky': { key: string; failures: number };
    'test.record': { n: number };
    'test.never': { n: number };
    'test.owned': { name: string };
  }
}

const log = pino({ level: 'silent' });
const nowIso = () => new Date().toISOString();
const dialects = await testDialects();

const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.each(dialects)('job queue on %s', (dialect) => {
  // Two connections to one database, as two nodes would have.
  let a: Database;
  let b: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (dialect === 'postgres') {
      const schema = await createPostgresSchema();
      a = openDatabase(schema.url);
      b = openDatabase(schema.url);
      cleanup = schema.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'jobs-test-'));
      a = openDatabase(`sqlite:${join(dir, 'db.sqlite')}`);
      await migrateToLatest(a);
      b = openDatabase(`sqlite:${join(dir, 'db.sqlite')}`);
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    await migrateToLatest(a);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await cleanup();
  });

  const queue = (db: Database, options: Partial<JobQueueOptions> = {}) =>
    new JobQueue(new JobsRepository(db.db, db.dialect), log, {
      nodeId: `node-${Math.random().toString(36).slice(2, 8)}`,
      pollMs: 50,
      backoffMs: 20,
      ...options,
    });
  const job = (id: number) =>
    a.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('retries a failing job with backoff and then succeeds', async () => {
    const q = queue(a);
    const runs: number[] = [];
    q.register('test.flaky', {
      run: async (payload, info) => {
        runs.push(Date.now());
        expect(info.attempt).toBe(runs.length);
        if (runs.length <= payload.failures) throw new Error(`boom ${runs.length}`);
      },
    });
    await q.start();
    const id = (await q.enqueue('test.flaky', { key: 'a', failures: 2 }))!;
    await until(async () => (await job(id)).status === 'done');
    await q.stop();
    expect(runs).toHaveLength(3);
    // 20 ms, then 40 ms: each retry waits for its run_at.
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(15);
    expect(runs[2]! - runs[1]!).toBeGreaterThanOrEqual(35);
    const row = await job(id);
    expect(row.attempts).toBe(3);
    expect(row.last_error).toContain('boom 2');
  });

  it('fails for good after max_attempts and calls onFailed once', async () => {
    const q = queue(a);
    const failed: string[] = [];
    q.register('test.flaky', {
      run: async () => {
        throw new Error('always');
      },
      onFailed: async (payload, error) => {
        failed.push(`${payload.key}:${error.split('\n')[0]}`);
      },
    });
    await q.start();
    const id = (await q.enqueue('test.flaky', { key: 'x', failures: 9 }, { maxAttempts: 2 }))!;
    await until(async () => (await job(id)).status === 'failed');
    await q.stop();
    expect((await job(id)).attempts).toBe(2);
    expect(failed).toEqual(['x:Error: always']);
  });

  it('does not run a job before its run_at', async () => {
    const q = queue(a);
    const ran: number[] = [];
    q.register('test.record', { run: async ({ n }) => void ran.push(n) });
    await q.start();
    const at = Date.now() + 400;
    const id = (await q.enqueue('test.record', { n: 1 }, { runAt: new Date(at) }))!;
    await new Promise((r) => setTimeout(r, 200));
    expect(ran).toEqual([]);
    await until(async () => (await job(id)).status === 'done');
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    await q.stop();
  });

  it('keeps one waiting job per dedupe key, and frees the key when it ends', async () => {
    const q = queue(a);
    q.register('test.record', { run: async () => undefined });
    const first = await q.enqueue('test.record', { n: 1 }, { dedupeKey: 'k1' });
    expect(first).not.toBeNull();
    expect(await q.enqueue('test.record', { n: 2 }, { dedupeKey: 'k1' })).toBeNull();
    await q.start();
    await until(async () => (await job(first!)).status === 'done');
    expect(await q.enqueue('test.record', { n: 3 }, { dedupeKey: 'k1' })).not.toBeNull();
    await q.stop();
  });

  it('two workers on two connections never run one job twice', async () => {
    const runs = new Map<number, number>();
    const handler = {
      run: async ({ n }: { n: number }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, Math.random() * 5));
      },
    };
    const q1 = queue(a, { concurrency: 4 });
    const q2 = queue(b, { concurrency: 4 });
    q1.register('test.record', handler);
    q2.register('test.record', handler);
    for (let n = 0; n < 120; n++) await q1.enqueue('test.record', { n: 1000 + n });
    await Promise.all([q1.start(), q2.start()]);
    const mine = () => [...runs.keys()].filter((n) => n >= 1000);
    await until(() => mine().length === 120, 15_000);
    await new Promise((r) => setTimeout(r, 100));
    await Promise.all([q1.stop(), q2.stop()]);
    expect(mine().every((n) => runs.get(n) === 1)).toBe(true);
  });

  it("gives owners turns: one owner's backlog does not hold up another's first job", async () => {
    // One worker; A's first job holds it until B has queued. No clock is read: the test checks
    // the order in which the jobs finish.
    const q = queue(a, { concurrency: 1 });
    const finished: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    q.register('test.owned', {
      run: async ({ name }) => {
        started += 1;
        if (name === 'A1') await gate;
        finished.push(name);
      },
    });
    await q.start();
    for (const name of ['A1', 'A2', 'A3', 'A4'])
      await q.enqueue('test.owned', { name }, { owner: 'user:a' });
    await until(() => started === 1);
    await q.enqueue('test.owned', { name: 'B1' }, { owner: 'user:b' });
    release();
    await until(() => finished.length === 5);
    await q.stop();
    expect(finished).toEqual(['A1', 'B1', 'A2', 'A3', 'A4']);
  });

  it('keeps turns across nodes: each claim, on any connection, takes the next turn', async () => {
    // Queued while no node works: a backlog of six, then two people with one job each.
    const q = queue(a);
    q.register('test.owned', { run: async () => undefined });
    for (let i = 1; i <= 6; i++) await q.enqueue('test.owned', { name: `A${i}` }, { owner: 'a' });
    await q.enqueue('test.owned', { name: 'B1' }, { owner: 'b' });
    await q.enqueue('test.owned', { name: 'C1' }, { owner: 'c' });
    const nodes = [new JobsRepository(a.db, a.dialect), new JobsRepository(b.db, b.dialect)];
    const claimed: string[] = [];
    for (let i = 0; i < 8; i++) {
      const [job] = await nodes[i % 2]!.claim(['test.owned'], `node-${i % 2}`, 1, nowIso());
      claimed.push(job ? (JSON.parse(job.payload) as { name: string }).name : `none@${i}`);
    }
    expect(claimed).toEqual(['A1', 'B1', 'C1', 'A2', 'A3', 'A4', 'A5', 'A6']);
  });

  it('takes back what a crashed process left running', async () => {
    const repo = new JobsRepository(a.db, a.dialect);
    // A process claims two jobs and dies: one its own (same node id after restart), one of a
    // node that never comes back (its lock goes stale).
    const crashed = queue(a, { nodeId: 'node-crashed' });
    crashed.register('test.never', { run: () => new Promise(() => undefined) });
    const own = (await crashed.enqueue('test.never', { n: 1 }))!;
    const long = new Date(Date.now() - 3600_000).toISOString();
    const other = (await repo.insert({
      kind: 'test.never',
      payload: JSON.stringify({ n: 2 }),
      runAt: long,
      maxAttempts: 5,
      dedupeKey: null,
      now: long,
    }))!;
    await repo.claim(['test.never'], 'node-gone', 1, long);
    await repo.claim(['test.never'], 'node-crashed', 1, new Date().toISOString());
    expect((await job(own)).status).toBe('running');
    expect((await job(other)).locked_by).toBe('node-gone');

    const ran: number[] = [];
    const restarted = queue(a, { nodeId: 'node-crashed', lockTimeoutMs: 60_000 });
    restarted.register('test.never', { run: async ({ n }) => void ran.push(n) });
    await restarted.start();
    await until(() => ran.length === 2);
    await restarted.stop();
    expect(ran.sort()).toEqual([1, 2]);
    expect((await job(own)).status).toBe('done');
    expect((await job(other)).status).toBe('done');
  });
});

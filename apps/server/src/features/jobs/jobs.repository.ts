import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { DB, JobRow } from '../../db/schema';

export interface NewJob {
  kind: string;
  payload: string;
  runAt: string;
  maxAttempts: number;
  dedupeKey: string | null;
  /** Whose work it is (null: nobody's), for the fair share below. */
  owner?: string | null;
  now: string;
}

/**
 * How far apart an owner's waiting jobs are placed in the claim order (`fair_at`). It is only
 * a sort key, never a wait: alone in the queue, an owner's jobs run back to back. With others
 * waiting, each owner's next job comes after everyone's jobs placed within this span, so
 * owners take turns: someone with one picture waits behind at most the jobs already running
 * and the jobs others queued before theirs within the span, never behind a whole backlog.
 */
export const OWNER_TURN_MS = 60_000;

/** The SQL of the job queue; every state change is one statement, so it is atomic. */
export class JobsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Inserts a job; with a dedupe key already waiting or running, inserts nothing (null).
   * Through `db` when given: a transaction the job commits or rolls back with.
   */
  async insert(job: NewJob, db: Kysely<DB> = this.db): Promise<number | null> {
    const owner = job.owner ?? null;
    const row = await db
      .insertInto('jobs')
      .values({
        kind: job.kind,
        payload: job.payload,
        status: 'queued',
        max_attempts: job.maxAttempts,
        run_at: job.runAt,
        dedupe_key: job.dedupeKey,
        owner,
        fair_at: owner === null ? job.runAt : await this.turnOf(owner, job.runAt, db),
        created_at: job.now,
        updated_at: job.now,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /**
   * An owner's next place in the claim order: its run_at, or one turn after the last of the
   * owner's jobs still waiting or running, whichever is later (virtual-clock fair queuing).
   * Two jobs of one owner inserted at the same moment may share a place; that only lets that
   * owner's two run side by side, and the order stays fair to everyone else.
   */
  private async turnOf(owner: string, runAt: string, db: Kysely<DB>): Promise<string> {
    const row = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.max('fair_at').as('last'))
      .where('owner', '=', owner)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    const last = row?.last ? new Date(row.last).getTime() : null;
    if (last === null || last + OWNER_TURN_MS <= new Date(runAt).getTime()) return runAt;
    return new Date(last + OWNER_TURN_MS).toISOString();
  }

  /**
   * Takes up to `limit` due jobs of the given kinds for `nodeId` in one statement, in `fair_at`
   * order: owners take turns (see OWNER_TURN_MS), whichever node claims. PostgreSQL skips rows
   * another node is claiming at the same moment; SQLite has a single writer, so the UPDATE
   * itself is the lock.
   */
  async claim(kinds: string[], nodeId: string, limit: number, now: string): Promise<JobRow[]> {
    if (kinds.length === 0 || limit <= 0) return [];
    const due = this.db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'queued')
      .where('run_at', '<=', now)
      .where('kind', 'in', kinds)
      .orderBy('fair_at')
      .orderBy('id')
      .limit(limit);
    const claimed = {
      status: 'running',
      locked_by: nodeId,
      locked_at: now,
      attempts: sql<number>`attempts + 1`,
      updated_at: now,
    } as const;
    if (this.dialect === 'postgres')
      // A materialized CTE runs its SELECT once. As `id IN (subquery)`, the planner may take a
      // nested loop that rescans the subquery for each row, and with SKIP LOCKED every rescan
      // skips the rows just locked and finds the next: one claim took every due job.
      return this.db
        .with(
          (cte) => cte('due').materialized(),
          () => due.forUpdate().skipLocked(),
        )
        .updateTable('jobs')
        .set(claimed)
        .from('due')
        .whereRef('jobs.id', '=', 'due.id')
        .returningAll('jobs')
        .execute();
    return (
      this.db
        .updateTable('jobs')
        .set(claimed)
        .where('id', 'in', due)
        // A second guard: never take a row that is no longer queued.
        .where('status', '=', 'queued')
        .returningAll()
        .execute()
    );
  }

  async complete(id: number, nodeId: string, now: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status: 'done', locked_by: null, locked_at: null, dedupe_key: null, updated_at: now })
      .where('id', '=', id)
      .where('locked_by', '=', nodeId)
      .execute();
  }

  /** Back to the queue at `runAt`, or `failed` for good when `runAt` is null. */
  async fail(
    id: number,
    nodeId: string,
    error: string,
    runAt: string | null,
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set(
        runAt
          ? { status: 'queued', run_at: runAt, fair_at: runAt, locked_by: null, locked_at: null }
          : { status: 'failed', locked_by: null, locked_at: null, dedupe_key: null },
      )
      .set({ last_error: error.slice(0, 2000), updated_at: now })
      .where('id', '=', id)
      .where('locked_by', '=', nodeId)
      .execute();
  }

  /**
   * Jobs a dead process left `running`: this node's own after a restart, or anyone's whose lock
   * is older than `staleBefore`. Those with attempts left go back to the queue; the rest fail
   * (a job that kills its process every time must not loop forever). Returns the failed ones.
   */
  async recover(nodeId: string | null, staleBefore: string, now: string): Promise<JobRow[]> {
    const lost = () =>
      this.db
        .updateTable('jobs')
        .where('status', '=', 'running')
        .where((eb) =>
          nodeId
            ? eb.or([eb('locked_by', '=', nodeId), eb('locked_at', '<', staleBefore)])
            : eb('locked_at', '<', staleBefore),
        );
    const failed = await lost()
      .where('attempts', '>=', sql<number>`max_attempts`)
      .set({
        status: 'failed',
        locked_by: null,
        locked_at: null,
        dedupe_key: null,
        last_error: 'lost: the process running it stopped',
        updated_at: now,
      })
      .returningAll()
      .execute();
    await lost()
      .set({
        status: 'queued',
        locked_by: null,
        locked_at: null,
        run_at: now,
        fair_at: now,
        updated_at: now,
      })
      .execute();
    return failed;
  }

  /** Forgets finished jobs older than `before`. */
  async prune(before: string): Promise<void> {
    await this.db
      .deleteFrom('jobs')
      .where('status', 'in', ['done', 'failed'])
      .where('updated_at', '<', before)
      .execute();
  }

  async find(id: number): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, JobRow } from '../../db/schema';
import type { JobOptions, JobStore } from '../../db/unit-of-work';
import type { JobsRepository } from './jobs.repository';

/**
 * Payload types by job kind. A feature declares its kinds by merging into this interface:
 *   declare module '../jobs/job-queue' { interface JobPayloads { 'ban.expire': { banId: number } } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}

export type JobKind = Extract<keyof JobPayloads, string>;

/** Where a feature registers its kinds of job (a feature module's `ctx.jobs`, the queue itself). */
export type JobKinds = Pick<JobQueue, 'register'>;

export interface JobInfo {
  id: number;
  kind: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

/** Run-at, attempts and dedupe key (db/unit-of-work.ts declares them, for its own enqueue). */
export type EnqueueOptions = JobOptions;

export interface JobHandler<K extends JobKind> {
  run(payload: JobPayloads[K], job: JobInfo): Promise<void>;
  /** Called once when the job has failed for good (after its last attempt or a lost run). */
  onFailed?(payload: JobPayloads[K], error: string): Promise<void>;
}

export interface JobQueueOptions {
  /** This process's stable name; a restart with the same name takes its running jobs back. */
  nodeId: string;
  concurrency?: number;
  pollMs?: number;
  /** A job locked longer than this by any node is taken as lost. */
  lockTimeoutMs?: number;
  /** The first retry waits this long, doubling each attempt, up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  now?: () => Date;
}

type AnyHandler = {
  run(payload: unknown, job: JobInfo): Promise<void>;
  onFailed?(payload: unknown, error: string): Promise<void>;
};

const DAY_MS = 24 * 3600 * 1000;

/**
 * A small job queue kept in the database, so any node may run any job and nothing is lost
 * across restarts. Workers poll every `pollMs`, and enqueue on this node wakes them at once.
 */
export class JobQueue implements JobStore<JobPayloads> {
  private readonly handlers = new Map<string, AnyHandler>();
  private readonly running = new Set<Promise<void>>();
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly lockTimeoutMs: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly now: () => Date;
  private started = false;
  private stopping = false;
  private ticking = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private lastHousekeeping = 0;

  constructor(
    private readonly repo: JobsRepository,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions,
  ) {
    this.concurrency = options.concurrency ?? 2;
    this.pollMs = options.pollMs ?? 1000;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 10 * 60_000;
    this.backoffMs = options.backoffMs ?? 2000;
    this.maxBackoffMs = options.maxBackoffMs ?? 3600_000;
    this.now = options.now ?? (() => new Date());
  }

  get nodeId(): string {
    return this.options.nodeId;
  }

  /** One handler per kind; register before start(). */
  register<K extends JobKind>(kind: K, handler: JobHandler<K>): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.handlers.set(kind, handler);
  }

  /**
   * Stores a job on its own; returns its id, or null when its dedupe key is already waiting.
   * A job that belongs to a write goes in that write's unit instead (`tx.enqueue`), so that it
   * exists exactly when the write does.
   */
  async enqueue<K extends JobKind>(
    kind: K,
    payload: JobPayloads[K],
    options: EnqueueOptions = {},
  ): Promise<number | null> {
    const { id, due } = await this.insertIn(null, kind, payload, options);
    if (due) this.wake();
    return id;
  }

  /**
   * Inserts a job through `db` (a unit's transaction; null: the queue's own connection) and
   * says whether the workers should be woken for it once it is committed.
   */
  async insertIn<K extends JobKind>(
    db: Kysely<DB> | null,
    kind: K,
    payload: JobPayloads[K],
    options: EnqueueOptions = {},
  ): Promise<{ id: number | null; due: boolean }> {
    const now = this.now();
    const id = await this.repo.insert(
      {
        kind,
        payload: JSON.stringify(payload),
        runAt: (options.runAt ?? now).toISOString(),
        maxAttempts: options.maxAttempts ?? 5,
        dedupeKey: options.dedupeKey ?? null,
        owner: options.owner ?? null,
        now: now.toISOString(),
      },
      db ?? undefined,
    );
    return { id, due: id !== null && (!options.runAt || options.runAt <= now) };
  }

  /** Takes back what a previous run of this node left running, then starts (or resumes) work. */
  async start(): Promise<void> {
    if (this.started && !this.stopping) return;
    this.started = true;
    this.stopping = false;
    await this.recover(true);
    this.wake();
  }

  /** Stops taking jobs and waits for the running ones to end. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.running.size > 0 || this.ticking) {
      await Promise.allSettled([...this.running]);
      if (this.ticking) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Number of jobs this node runs right now. */
  get busy(): number {
    return this.running.size;
  }

  /** Looks for work soon (coalesced). */
  wake(): void {
    if (!this.started || this.stopping) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), 0);
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.stopping) return;
    this.ticking = true;
    try {
      do {
        this.again = false;
        await this.housekeeping();
        const free = this.concurrency - this.running.size;
        if (free <= 0) break;
        const now = this.now().toISOString();
        const jobs = await this.repo.claim([...this.handlers.keys()], this.nodeId, free, now);
        for (const job of jobs) this.track(this.execute(job));
        // A full batch suggests more is due.
        if (jobs.length === free && !this.stopping) this.again = true;
      } while (this.again && !this.stopping && this.running.size < this.concurrency);
    } catch (error) {
      this.log.error({ err: error }, 'job queue: polling failed');
    } finally {
      this.ticking = false;
    }
    if (!this.stopping) this.timer = setTimeout(() => void this.tick(), this.pollMs);
  }

  private track(promise: Promise<void>): void {
    this.running.add(promise);
    void promise.finally(() => {
      this.running.delete(promise);
      this.wake();
    });
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.kind);
    if (!handler) return;
    let payload: unknown;
    try {
      payload = JSON.parse(job.payload);
      await handler.run(payload, {
        id: job.id,
        kind: job.kind,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
      });
      await this.repo.complete(job.id, this.nodeId, this.now().toISOString());
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      const last = job.attempts >= job.max_attempts;
      const delay = Math.min(this.backoffMs * 2 ** (job.attempts - 1), this.maxBackoffMs);
      const now = this.now();
      this.log.warn({ err: error, job: job.id, kind: job.kind, last }, 'job failed');
      try {
        await this.repo.fail(
          job.id,
          this.nodeId,
          message,
          last ? null : new Date(now.getTime() + delay).toISOString(),
          now.toISOString(),
        );
        if (last) await handler.onFailed?.(payload, message);
      } catch (inner) {
        this.log.error({ err: inner, job: job.id }, 'job queue: recording a failure failed');
      }
    }
  }

  /** Stale locks of dead nodes go back to the queue; old finished jobs are forgotten. */
  private async housekeeping(): Promise<void> {
    const now = this.now().getTime();
    if (now - this.lastHousekeeping < Math.min(this.lockTimeoutMs / 2, 60_000)) return;
    this.lastHousekeeping = now;
    await this.recover(false);
    await this.repo.prune(new Date(now - DAY_MS).toISOString());
  }

  private async recover(ownToo: boolean): Promise<void> {
    const now = this.now();
    const failed = await this.repo.recover(
      ownToo ? this.nodeId : null,
      new Date(now.getTime() - this.lockTimeoutMs).toISOString(),
      now.toISOString(),
    );
    for (const job of failed) {
      try {
        await this.handlers
          .get(job.kind)
          ?.onFailed?.(JSON.parse(job.payload), job.last_error ?? '');
      } catch (error) {
        this.log.error({ err: error, job: job.id }, 'job queue: onFailed failed');
      }
    }
  }
}

import type { FastifyInstance } from 'fastify';
import { UnitOfWork, type UnitTx } from '../db/unit-of-work';
import type { JobPayloads } from '../features/jobs/job-queue';

/** The error of a unit whose commit was made to fail. */
export const COMMIT_REFUSED = 'the test refused this commit';

/**
 * A unit of work on the app's database, events and job queue whose transaction fails at its
 * very end, after all the work was done (as a commit refused by the database would): what a
 * service wrote, emitted and enqueued in it must all be gone.
 */
export function unitsFailingAtCommit(app: FastifyInstance): UnitOfWork<JobPayloads> {
  const { database, events, jobs } = app.deps;
  class FailingAtCommit extends UnitOfWork<JobPayloads> {
    override run<T>(
      work: (tx: UnitTx<JobPayloads>) => Promise<T>,
      within?: UnitTx<JobPayloads> | null,
    ): Promise<T> {
      if (within) return super.run(work, within);
      return super.run(async (tx) => {
        await work(tx);
        throw new Error(COMMIT_REFUSED);
      });
    }
  }
  return new FailingAtCommit({ db: database.db, events, jobs, log: app.log });
}

import type { JobKinds } from '../jobs/job-queue';

export const BAN_EXPIRE_JOB = 'ban.expire';

declare module '../jobs/job-queue' {
  interface JobPayloads {
    /** At a gag's or ban's end: clear the user's column if it is still this ban's, announce. */
    'ban.expire': { banId: number };
  }
}

/** What the job needs of BansService (which enqueues it, so it names no type of that file). */
export interface BanExpirer {
  expire(banId: number): Promise<void>;
}

/** Registers the job that ends sanctions on time (enqueued by BansService.give). */
export function registerBanExpiry(jobs: JobKinds, bans: BanExpirer): void {
  jobs.register(BAN_EXPIRE_JOB, {
    run: ({ banId }) => bans.expire(banId),
  });
}

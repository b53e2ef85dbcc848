import type { JobKinds } from '../jobs/job-queue';

export const PREMIUM_EXPIRE_JOB = 'premium.expire';

declare module '../jobs/job-queue' {
  interface JobPayloads {
    /**
     * At a premium's end (`until`, as that purchase wrote it): if it was not extended since, the
     * perks come off and the end is announced. One job per user and end (dedupe key).
     */
    'premium.expire': { userId: number; until: string };
  }
}

/** Registers the job that ends premium on time (enqueued by PremiumService.buy). */
export function registerPremiumExpiry(
  jobs: JobKinds,
  premium: { expire(userId: number): Promise<void> },
): void {
  jobs.register(PREMIUM_EXPIRE_JOB, {
    run: ({ userId }) => premium.expire(userId),
  });
}

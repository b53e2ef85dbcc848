import type { UnitTx } from '../../db/unit-of-work';
import type { JobKinds, JobPayloads } from '../jobs/job-queue';

export const VIDEO_DROP_JOB = 'video.drop';

/** A hold that went away from its room at `since`, to be taken out when the grace is over. */
export interface VideoDrop {
  roomId: number;
  userId: number;
  callId: string;
  /** The `away_since` written: the job takes out this absence, not a later one. */
  since: string;
}

declare module '../jobs/job-queue' {
  interface JobPayloads {
    /** The reconnect grace of a participant is over: out of the call unless a socket is back. */
    'video.drop': VideoDrop;
  }
}

/**
 * Schedules the end of an absence in the unit that marks it: the job exists exactly when the
 * mark does, on the database every node shares, so the grace holds whichever node wrote it,
 * and a node that dies with it pending leaves the job to another.
 */
export async function scheduleDrop(
  tx: UnitTx<JobPayloads>,
  drop: VideoDrop,
  graceSeconds: number,
): Promise<void> {
  await tx.enqueue(VIDEO_DROP_JOB, drop, {
    runAt: new Date(Date.parse(drop.since) + graceSeconds * 1000),
    maxAttempts: 3,
  });
}

/** What the job asks of the video feature (video-endings.ts). */
export interface VideoDropper {
  dropIfGone(drop: VideoDrop): Promise<void>;
}

export function registerVideoDrop(jobs: JobKinds, dropper: VideoDropper): void {
  jobs.register(VIDEO_DROP_JOB, { run: (drop) => dropper.dropIfGone(drop) });
}

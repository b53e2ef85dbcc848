import type { CatalogPart } from '@chat/shared';
import type { Viewer } from '../../access/viewer';
import type { UnitOfWork, UnitTx } from '../../db/unit-of-work';
import type { JobPayloads } from '../jobs/job-queue';
import { conflict } from '../../http/app-error';
import { CATALOG_TOPIC } from '../../lib/cache/catalog-changes';
import type { InvalidationBus } from '../../lib/cache/invalidation-bus';
import type { AdminLogRepository } from './admin-log.repository';

/** What one change in the admin area did, for its log row, and what the caller gets back. */
export interface AdminChange<T> {
  /** `{part}.{verb}`: `smileys.create`, `settings.update`, `roles.update`... */
  action: string;
  subjectType: string;
  subjectId: string | number | null;
  /** The thing before (null for a creation) and after (null for a deletion), as JSON. */
  before: unknown;
  after: unknown;
  result: T;
}

export type AdminTx = UnitTx<JobPayloads>;

/**
 * Every change made in the admin area goes through `change`: the writes, their admin-log row
 * in the same transaction (a change is logged if, and only if, it commits), then, after the
 * commit, `catalog.updated` (open tabs hear `CatalogUpdated`, admin/admin.realtime.ts) and the
 * part's word on the cache bus, which every node's caches of that part listen to
 * (lib/cache/catalog-changes.ts).
 */
export class AdminChanges {
  constructor(
    private readonly units: UnitOfWork<JobPayloads>,
    private readonly log: AdminLogRepository,
    private readonly bus: InvalidationBus,
  ) {}

  async change<T>(
    actor: Viewer,
    part: CatalogPart,
    work: (tx: AdminTx) => Promise<AdminChange<T>>,
  ): Promise<T> {
    const result = await this.units.run(async (tx) => {
      const done = await work(tx);
      await this.log.record(
        {
          actorId: actor.id,
          action: done.action,
          subjectType: done.subjectType,
          subjectId: done.subjectId,
          before: done.before,
          after: done.after,
        },
        tx.db,
      );
      tx.emit('catalog.updated', { part });
      return done.result;
    });
    await this.bus.publish(CATALOG_TOPIC, part);
    return result;
  }
}

/**
 * Two admins editing one thing: each sends the `updated_at` they read, and a change made since
 * is a 409 `conflict` (the later one is told, not silently overwriting the first).
 */
export function assertUnchanged(current: string, seen: string | undefined): void {
  if (seen !== undefined && seen !== current) throw conflict();
}

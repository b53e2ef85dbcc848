import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** How far each reader has read each thread (`forum_reads`): only ever forward. */
export class ReadsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async mark(userId: number, threadId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('forum_reads')
      .select('last_read_number')
      .where('user_id', '=', userId)
      .where('thread_id', '=', threadId)
      .executeTakeFirst();
    return row?.last_read_number ?? null;
  }

  async marks(userId: number, threadIds: readonly number[]): Promise<Map<number, number>> {
    if (threadIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('forum_reads')
      .select(['thread_id', 'last_read_number'])
      .where('user_id', '=', userId)
      .where('thread_id', 'in', threadIds)
      .execute();
    return new Map(rows.map((r) => [r.thread_id, r.last_read_number]));
  }

  /** Moves the mark to `number` when it is further; true when it moved (or was new). */
  async forward(
    userId: number,
    threadId: number,
    number: number,
    at: string,
    db: Kysely<DB> = this.db,
  ): Promise<boolean> {
    const result = await db
      .insertInto('forum_reads')
      .values({ user_id: userId, thread_id: threadId, last_read_number: number, read_at: at })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'thread_id'])
          .doUpdateSet((eb) => ({
            last_read_number: eb.ref('excluded.last_read_number'),
            read_at: eb.ref('excluded.read_at'),
          }))
          .whereRef('forum_reads.last_read_number', '<', 'excluded.last_read_number'),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}

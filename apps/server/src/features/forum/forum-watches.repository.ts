import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';

/** A watcher to tell of a new post, with what the post's policy asks of them. */
export type Watcher = Pick<
  UserRow,
  'id' | 'role' | 'premium_until' | 'ban_until' | 'gag_until' | 'is_troll'
>;

/**
 * Who follows which thread (`forum_watches`), and whether a `new` notification is out for it:
 * `notified` holds the number of the post it told of (0: none out). It stops being out once
 * the watcher's read mark (forum_reads) reaches that post, so the reads need not tell this
 * table anything.
 */
export class ForumWatchesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async watch(userId: number, threadId: number, at: string, db: Kysely<DB> = this.db) {
    await db
      .insertInto('forum_watches')
      .values({ user_id: userId, thread_id: threadId, notified: 0, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'thread_id']).doNothing())
      .execute();
  }

  async unwatch(userId: number, threadId: number): Promise<void> {
    await this.db
      .deleteFrom('forum_watches')
      .where('user_id', '=', userId)
      .where('thread_id', '=', threadId)
      .execute();
  }

  async watching(userId: number, threadId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('forum_watches')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('thread_id', '=', threadId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The watchers of a thread to tell of post number `number`: not its author, not ignoring
   * the author, and with no notification of it out (never told, or read up to what they were
   * told of). Live accounts only.
   */
  async toTell(threadId: number, post: { number: number; authorId: number }): Promise<Watcher[]> {
    return this.db
      .selectFrom('forum_watches as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .leftJoin('forum_reads as r', (join) =>
        join.onRef('r.user_id', '=', 'w.user_id').onRef('r.thread_id', '=', 'w.thread_id'),
      )
      .select(['u.id', 'u.role', 'u.premium_until', 'u.ban_until', 'u.gag_until', 'u.is_troll'])
      .where('w.thread_id', '=', threadId)
      .where('w.user_id', '!=', post.authorId)
      .where('u.deleted_at', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('ignores')
              .select('ignores.user_id')
              .whereRef('ignores.user_id', '=', 'w.user_id')
              .where('ignores.ignored_id', '=', post.authorId),
          ),
        ),
      )
      .where((eb) =>
        eb.or([
          eb('w.notified', '=', 0),
          eb(eb.fn.coalesce('r.last_read_number', eb.lit(0)), '>=', eb.ref('w.notified')),
        ]),
      )
      .execute();
  }

  /** Marks these watchers told of the thread, up to post number `number`. */
  async told(threadId: number, userIds: readonly number[], number: number): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .updateTable('forum_watches')
      .set({ notified: number })
      .where('thread_id', '=', threadId)
      .where('user_id', 'in', [...userIds])
      .execute();
  }

  /** The accounts mentioned in a post, with what the policy asks (and whether they ignore). */
  async mentioned(userIds: readonly number[], authorId: number): Promise<Watcher[]> {
    if (userIds.length === 0) return [];
    return this.db
      .selectFrom('users as u')
      .select(['u.id', 'u.role', 'u.premium_until', 'u.ban_until', 'u.gag_until', 'u.is_troll'])
      .where('u.id', 'in', [...new Set(userIds)])
      .where('u.id', '!=', authorId)
      .where('u.deleted_at', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('ignores')
              .select('ignores.user_id')
              .whereRef('ignores.user_id', '=', 'u.id')
              .where('ignores.ignored_id', '=', authorId),
          ),
        ),
      )
      .execute();
  }
}

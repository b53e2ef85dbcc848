import type { Kysely } from 'kysely';
import type { DB, SessionRow, UserRow } from '../../db/schema';

export class SessionsRepository {
  private readonly removedListeners: ((sessionIds: number[]) => void)[] = [];

  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Called with the ids of sessions this repository deleted, whoever asked: a cache of
   * sessions (http/session-cache.ts) must not outlive the row.
   */
  onRemoved(listener: (sessionIds: number[]) => void): void {
    this.removedListeners.push(listener);
  }

  private removed(sessionIds: number[]): void {
    if (sessionIds.length > 0) for (const listener of this.removedListeners) listener(sessionIds);
  }

  async create(row: Omit<SessionRow, 'id'>): Promise<SessionRow> {
    return this.db.insertInto('sessions').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** The session and its user in one query: this runs on every authenticated request. */
  async findWithUser(tokenHash: string): Promise<{ session: SessionRow; user: UserRow } | null> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select([
        'sessions.id as s_id',
        'sessions.token_hash as s_token_hash',
        'sessions.user_agent as s_user_agent',
        'sessions.ip as s_ip',
        'sessions.created_at as s_created_at',
        'sessions.last_active_at as s_last_active_at',
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return null;
    const { s_id, s_token_hash, s_user_agent, s_ip, s_created_at, s_last_active_at, ...user } = row;
    return {
      user,
      session: {
        id: s_id,
        user_id: user.id,
        token_hash: s_token_hash,
        user_agent: s_user_agent,
        ip: s_ip,
        created_at: s_created_at,
        last_active_at: s_last_active_at,
      },
    };
  }

  async touch(id: number, at: string, ip: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_active_at: at, ip })
      .where('id', '=', id)
      .execute();
  }

  /** Whether the session still exists (not signed out meanwhile). */
  async exists(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
    this.removed([id]);
  }

  /** Keeps the newest `keep` sessions of a user and deletes the rest; answers the ids deleted. */
  async pruneOldest(userId: number, keep: number): Promise<number[]> {
    const stale = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(keep)
      .limit(1000)
      .execute();
    if (stale.length === 0) return [];
    await this.db
      .deleteFrom('sessions')
      .where(
        'id',
        'in',
        stale.map((s) => s.id),
      )
      .execute();
    this.removed(stale.map((s) => s.id));
    return stale.map((s) => s.id);
  }

  /** A user's devices, most recently active first. */
  async listForUser(userId: number): Promise<SessionRow[]> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('last_active_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Deletes one of the user's own sessions; false when it is not theirs (or gone). */
  async deleteOwn(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows) > 0;
    if (deleted) this.removed([id]);
    return deleted;
  }

  /** Deletes every session of the user but `keepId` (null: all); answers the deleted ids. */
  async deleteOthers(userId: number, keepId: number | null): Promise<number[]> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepId !== null) query = query.where('id', '!=', keepId);
    const ids = (await query.returning('id').execute()).map((r) => r.id);
    this.removed(ids);
    return ids;
  }

  async countForUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

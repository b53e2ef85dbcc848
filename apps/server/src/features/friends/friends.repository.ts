import type { Kysely } from 'kysely';
import type { DB, FriendshipRow, UserRow } from '../../db/schema';
import { PUBLIC_USER_COLUMNS, type PublicUserRow } from '../users/user.presenter';

const pair = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);

export class FriendsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(a: number, b: number): Promise<FriendshipRow | undefined> {
    const [low, high] = pair(a, b);
    return this.db
      .selectFrom('friendships')
      .selectAll()
      .where('user_low_id', '=', low)
      .where('user_high_id', '=', high)
      .executeTakeFirst();
  }

  /** A new request; the pair's unique constraint refuses a second row (the caller retries). */
  async insertRequest(requesterId: number, addresseeId: number, at: string): Promise<void> {
    const [low, high] = pair(requesterId, addresseeId);
    await this.db
      .insertInto('friendships')
      .values({
        requester_id: requesterId,
        addressee_id: addresseeId,
        user_low_id: low,
        user_high_id: high,
        status: 'pending',
        created_at: at,
        accepted_at: null,
      })
      .execute();
  }

  /** Accepts a pending request addressed to `addresseeId`; false when it is no longer pending. */
  async accept(id: number, addresseeId: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('friendships')
      .set({ status: 'accepted', accepted_at: at })
      .where('id', '=', id)
      .where('addressee_id', '=', addresseeId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('friendships').where('id', '=', id).execute();
  }

  async deleteAllOf(userId: number): Promise<void> {
    await this.db
      .deleteFrom('friendships')
      .where((eb) => eb.or([eb('requester_id', '=', userId), eb('addressee_id', '=', userId)]))
      .execute();
  }

  /** Whether `a` ignores `b` and whether `b` ignores `a`, in one query. */
  async ignoresBetween(a: number, b: number): Promise<{ aIgnoresB: boolean; bIgnoresA: boolean }> {
    const rows = await this.db
      .selectFrom('ignores')
      .select(['user_id', 'ignored_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', a), eb('ignored_id', '=', b)]),
          eb.and([eb('user_id', '=', b), eb('ignored_id', '=', a)]),
        ]),
      )
      .execute();
    return {
      aIgnoresB: rows.some((r) => r.user_id === a),
      bIgnoresA: rows.some((r) => r.user_id === b),
    };
  }

  async areFriends(a: number, b: number): Promise<boolean> {
    const row = await this.find(a, b);
    return row?.status === 'accepted';
  }

  /** Friends of a user, by nick. */
  async friendsOf(userId: number): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('id', 'in', this.friendIds(userId))
      .orderBy('nick_key')
      .execute();
  }

  /** The first `limit` friends by nick and how many there are, in one query (a profile's). */
  async firstFriends(
    userId: number,
    limit: number,
  ): Promise<{ rows: PublicUserRow[]; count: number }> {
    const rows = await this.db
      .selectFrom('users')
      .select(PUBLIC_USER_COLUMNS)
      .select((eb) => eb.fn.countAll<number>().over().as('friends_total'))
      .where('id', 'in', this.friendIds(userId))
      .orderBy('nick_key')
      .limit(limit)
      .execute();
    return {
      rows: rows.map(({ friends_total: _, ...user }) => user),
      count: Number(rows[0]?.friends_total ?? 0),
    };
  }

  private friendIds(userId: number) {
    const viaRequested = this.db
      .selectFrom('friendships')
      .select('addressee_id as other_id')
      .where('requester_id', '=', userId)
      .where('status', '=', 'accepted');
    const viaAddressed = this.db
      .selectFrom('friendships')
      .select('requester_id as other_id')
      .where('addressee_id', '=', userId)
      .where('status', '=', 'accepted');
    return viaRequested.union(viaAddressed);
  }

  /** Pending requests to the user (`incoming`) or from the user (`outgoing`), newest first. */
  async pending(userId: number, direction: 'incoming' | 'outgoing'): Promise<UserRow[]> {
    const mine = direction === 'incoming' ? 'friendships.addressee_id' : 'friendships.requester_id';
    const theirs =
      direction === 'incoming' ? 'friendships.requester_id' : 'friendships.addressee_id';
    return this.db
      .selectFrom('friendships')
      .innerJoin('users', 'users.id', theirs)
      .selectAll('users')
      .where(mine, '=', userId)
      .where('friendships.status', '=', 'pending')
      .orderBy('friendships.id', 'desc')
      .execute();
  }
}

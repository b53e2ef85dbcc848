import type { Kysely } from 'kysely';
import type { DB, RoomRow, RoomUserRow, UserRow } from '../../db/schema';
import { MAIN_ROOM_SETTING } from '../../db/site-settings';

export type RoomMemberRow = RoomUserRow & { user: UserRow };

export class RoomsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(id: number): Promise<RoomRow | undefined> {
    return this.db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async create(room: Omit<RoomRow, 'id'>): Promise<RoomRow> {
    return this.db.insertInto('rooms').values(room).returningAll().executeTakeFirstOrThrow();
  }

  async update(
    id: number,
    changes: Partial<Pick<RoomRow, 'name_ru' | 'name_en' | 'is_public'>>,
  ): Promise<void> {
    await this.db.updateTable('rooms').set(changes).where('id', '=', id).execute();
  }

  /**
   * The site's main room: the one the site setting `main_room_id` names while it is a public
   * room, else the first public room by position (the demo seed's first room).
   */
  async mainRoomId(): Promise<number | null> {
    const setting = await this.db
      .selectFrom('site_settings')
      .select('value')
      .where('key', '=', MAIN_ROOM_SETTING)
      .executeTakeFirst();
    const chosen = Number(setting?.value);
    const first = await this.db
      .selectFrom('rooms')
      .select('id')
      .where('is_public', '=', 1)
      .$if(Number.isSafeInteger(chosen) && chosen > 0, (q) =>
        // The chosen room first when it is still there and public; the first by position else.
        q.orderBy((eb) => eb.case().when('id', '=', chosen).then(0).else(1).end()),
      )
      .orderBy('position')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return first?.id ?? null;
  }

  /** Every room's names, for the duplicate check (rooms.service.ts): rooms are few. */
  async names(): Promise<Pick<RoomRow, 'id' | 'name_ru' | 'name_en'>[]> {
    return this.db.selectFrom('rooms').select(['id', 'name_ru', 'name_en']).execute();
  }

  async countOwnedBy(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('rooms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The caller's rooms with their membership rows, in the caller's order. */
  async joinedBy(
    userId: number,
  ): Promise<(RoomRow & { position_in_list: number; last_read_id: number })[]> {
    return this.db
      .selectFrom('room_users')
      .innerJoin('rooms', 'rooms.id', 'room_users.room_id')
      .selectAll('rooms')
      .select(['room_users.position as position_in_list', 'room_users.last_read_id'])
      .where('room_users.user_id', '=', userId)
      .orderBy('room_users.position')
      .orderBy('rooms.id')
      .execute();
  }

  /** Rooms the user may enter and is not in: public ones, and private ones they are invited to. */
  async availableTo(userId: number): Promise<RoomRow[]> {
    return this.db
      .selectFrom('rooms')
      .selectAll()
      .where((eb) =>
        eb.and([
          eb.not(
            eb.exists(
              eb
                .selectFrom('room_users')
                .select('room_id')
                .whereRef('room_users.room_id', '=', 'rooms.id')
                .where('room_users.user_id', '=', userId),
            ),
          ),
          eb.or([
            eb('is_public', '=', 1),
            eb.exists(
              eb
                .selectFrom('room_invites')
                .select('room_id')
                .whereRef('room_invites.room_id', '=', 'rooms.id')
                .where('room_invites.user_id', '=', userId),
            ),
          ]),
        ]),
      )
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async userCounts(roomIds: number[]): Promise<Map<number, number>> {
    if (roomIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('room_users')
      .select(['room_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('room_id', 'in', roomIds)
      .where('invisible', '=', 0)
      .where('absent_since', 'is', null)
      .groupBy('room_id')
      .execute();
    return new Map(rows.map((r) => [r.room_id, Number(r.n)]));
  }

  async membership(roomId: number, userId: number): Promise<RoomUserRow | undefined> {
    return this.db
      .selectFrom('room_users')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** A room's members in the order they entered; with `onlyUserId`, that one member (or none). */
  async members(roomId: number, onlyUserId?: number): Promise<RoomMemberRow[]> {
    let query = this.db
      .selectFrom('room_users')
      .innerJoin('users', 'users.id', 'room_users.user_id')
      .selectAll('users')
      .select([
        'room_users.room_id',
        'room_users.position',
        'room_users.state_id',
        'room_users.invisible',
        'room_users.entered_at',
        'room_users.last_read_id',
        'room_users.absent_since',
      ])
      .where('room_users.room_id', '=', roomId)
      .orderBy('room_users.entered_at');
    if (onlyUserId !== undefined) query = query.where('room_users.user_id', '=', onlyUserId);
    const rows = await query.execute();
    return rows.map(
      ({
        room_id,
        position,
        state_id,
        invisible,
        entered_at,
        last_read_id,
        absent_since,
        ...user
      }) => ({
        room_id,
        user_id: user.id,
        position,
        state_id,
        invisible,
        entered_at,
        last_read_id,
        absent_since,
        user,
      }),
    );
  }

  /** Every member's nick, lean: the typed-mention rule reads the whole list per message. */
  async memberNicks(
    roomId: number,
  ): Promise<{ id: number; nick: string; nick_key: string; invisible: number }[]> {
    return this.db
      .selectFrom('room_users')
      .innerJoin('users', 'users.id', 'room_users.user_id')
      .select(['users.id', 'users.nick', 'users.nick_key', 'room_users.invisible'])
      .where('room_users.room_id', '=', roomId)
      .execute();
  }

  async nextPosition(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('room_users')
      .select((eb) => eb.fn.max<number | null>('position').as('p'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.p ?? 0) + 1;
  }

  async addMember(
    row: Omit<RoomUserRow, 'last_read_id' | 'absent_since'> & { last_read_id?: number },
  ): Promise<boolean> {
    const result = await this.db
      .insertInto('room_users')
      .values(row)
      .onConflict((oc) => oc.columns(['room_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async removeMember(roomId: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('room_users')
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The rooms a user is in, and in which of them they are invisible. */
  async roomsOf(userId: number): Promise<{ roomId: number; invisible: boolean }[]> {
    const rows = await this.db
      .selectFrom('room_users')
      .select(['room_id', 'invisible'])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => ({ roomId: r.room_id, invisible: r.invisible === 1 }));
  }

  async roomIdsOf(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('room_users')
      .select('room_id')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.room_id);
  }

  async removeFromAll(userId: number): Promise<void> {
    await this.db.deleteFrom('room_users').where('user_id', '=', userId).execute();
  }

  async setPositions(userId: number, positions: Map<number, number>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [roomId, position] of positions) {
        await trx
          .updateTable('room_users')
          .set({ position })
          .where('user_id', '=', userId)
          .where('room_id', '=', roomId)
          .execute();
      }
    });
  }

  async updateMember(
    roomId: number,
    userId: number,
    changes: Partial<Pick<RoomUserRow, 'state_id' | 'invisible' | 'last_read_id'>>,
  ) {
    await this.db
      .updateTable('room_users')
      .set(changes)
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** The member is back (a socket of theirs joined the room): true when they had been absent. */
  async markPresent(roomId: number, userId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('room_users')
      .set({ absent_since: null })
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .where('absent_since', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** No socket of the member's is in the room: true when they had been present. */
  async markAbsent(roomId: number, userId: number, since: string): Promise<boolean> {
    const result = await this.db
      .updateTable('room_users')
      .set({ absent_since: since })
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .where('absent_since', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Members counted present who entered before `enteredBefore`: the sweep asks the sockets
   * about them (one who entered and never connected, or whose node died, is not there).
   */
  async presentSince(
    enteredBefore: string,
  ): Promise<{ room_id: number; user_id: number; invisible: number }[]> {
    return (
      this.db
        .selectFrom('room_users')
        .select(['room_id', 'user_id', 'invisible'])
        .where('absent_since', 'is', null)
        .where('entered_at', '<', enteredBefore)
        // No order: the sweep groups by room itself, and an ORDER BY room_id would have SQLite
        // walk the whole primary key instead of room_users_present_entered.
        .execute()
    );
  }

  async isInvited(roomId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('room_invites')
      .select('room_id')
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async invite(roomId: number, userId: number, invitedBy: number, at: string): Promise<void> {
    await this.db
      .insertInto('room_invites')
      .values({ room_id: roomId, user_id: userId, invited_by: invitedBy, created_at: at })
      .onConflict((oc) => oc.columns(['room_id', 'user_id']).doNothing())
      .execute();
  }
}

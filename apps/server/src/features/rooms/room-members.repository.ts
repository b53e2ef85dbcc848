import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export class RoomMembersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async isMember(roomId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('room_users')
      .select('user_id')
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async add(roomId: number, userId: number, position: number, at: string): Promise<void> {
    await this.db
      .insertInto('room_users')
      .values({
        room_id: roomId,
        user_id: userId,
        position,
        state_id: 1,
        invisible: 0,
        entered_at: at,
      })
      .onConflict((oc) => oc.columns(['room_id', 'user_id']).doNothing())
      .execute();
  }
}

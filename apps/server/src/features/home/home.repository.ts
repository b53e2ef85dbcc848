import type { Kysely } from 'kysely';
import * as roomPolicy from '../../access/room.policy';
import type { DB, RoomRow } from '../../db/schema';

export type HomeRoomRow = Pick<RoomRow, 'id' | 'name_ru' | 'name_en' | 'is_public' | 'owner_id'>;

/** What the home page reads beyond what other features count. */
export class HomeRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The rooms anyone may know of (room.policy), in the rooms' own order. */
  async publicRooms(): Promise<HomeRoomRow[]> {
    return this.db
      .selectFrom('rooms')
      .select(['id', 'name_ru', 'name_en', 'is_public', 'owner_id'])
      .where(roomPolicy.listedForAnyone())
      .orderBy('position')
      .orderBy('id')
      .execute();
  }
}

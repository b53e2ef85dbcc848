import type { HomeRoom } from '@chat/shared';
import type { HomeRoomRow } from './home.repository';

export function presentHomeRoom(room: HomeRoomRow, usersCount: number): HomeRoom {
  return { id: room.id, name: { ru: room.name_ru, en: room.name_en }, users_count: usersCount };
}

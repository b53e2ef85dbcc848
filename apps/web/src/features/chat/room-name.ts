import type { Locale, RoomSummary } from '@chat/shared';

/** A room's name in the interface language, falling back to the other one when it is blank. */
export function roomName(room: Pick<RoomSummary, 'name'>, locale: Locale): string {
  const other = locale === 'ru' ? room.name.en : room.name.ru;
  return room.name[locale].trim() || other;
}

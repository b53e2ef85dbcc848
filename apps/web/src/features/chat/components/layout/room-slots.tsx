import type { RoomDetail } from '@chat/shared';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * What other features add to the room's screen, composed by the chat page (a feature shows no
 * other feature's components itself): the video call's button in the header, its panel beside
 * the messages, and its camera mark beside the people in the call. Without a provider the
 * screen shows none of them.
 */
export interface RoomSlots {
  /** Among the header's buttons of the room shown. */
  headerAction: (room: RoomDetail) => ReactNode;
  /**
   * A panel of the screen (beside the messages from 992 px, above them on a phone); `rooms` are
   * the rooms held, since a panel may belong to another of them than the one shown.
   */
  panel: (shown: RoomDetail, rooms: readonly RoomDetail[]) => ReactNode;
  /** After a person's nick in the room's user list. */
  userMark: (roomId: number, userId: number) => ReactNode;
}

const RoomSlotsContext = createContext<RoomSlots | null>(null);

export const RoomSlotsProvider = RoomSlotsContext.Provider;

export function useRoomSlots(): RoomSlots | null {
  return useContext(RoomSlotsContext);
}

import {
  hiddenGuestCount,
  sortRoomUsers,
  USER_PRIORITIES,
  visibleRoomUsers,
  type RoomUser,
} from '@chat/shared';
import { useMemo } from 'react';
import { useLocale } from '../../../lib/use-locale';
import { useLiveEntries } from '../../../shared/users/user-cache';
import { useSessionStore } from '../../session/store';
import { useChat } from '../components/chat-context';
import { useViewer } from './use-viewer';

const NOBODY: readonly RoomUser[] = [];

/**
 * Everyone in the room, sorted and filtered, as the viewer may see them (spec section 6), and
 * how many guests the viewer's show_guests setting keeps off the list (the honest counter).
 */
export function useRoomUsers(roomId: number): {
  all: readonly RoomUser[];
  visible: RoomUser[];
  /** The other guests in the room, listed or not. */
  guests: number;
  /** The guests show_guests keeps off the list now. */
  hiddenGuests: number;
} {
  const locale = useLocale();
  const viewer = useViewer();
  const held = useChat((s) => s.rooms.rooms.find((r) => r.id === roomId)?.users ?? NOBODY);
  // Sorted and searched by nick and role as they are now, not as the room's snapshot had them.
  const all = useLiveEntries(held);
  const settings = useChat((s) => s.settings);
  const trolls = useChat((s) => s.trolls);
  const priorities = useSessionStore((s) => s.userData?.user_priorities);
  const visible = useMemo(() => {
    const order = priorities && priorities.length > 0 ? priorities : USER_PRIORITIES;
    return visibleRoomUsers(sortRoomUsers(all, locale, order), viewer, settings, trolls);
  }, [all, locale, priorities, viewer, settings, trolls]);
  // The guests show_guests decides about (other than me), hidden now or not.
  const guests = useMemo(
    () => hiddenGuestCount(all, viewer, { ...settings, show_guests: false }, trolls),
    [all, viewer, settings, trolls],
  );
  return { all, visible, guests, hiddenGuests: settings.show_guests ? 0 : guests };
}

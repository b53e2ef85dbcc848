import { sortRoomUsers, USER_PRIORITIES, visibleRoomUsers, type RoomUser } from '@chat/shared';
import { useMemo } from 'react';
import { useLocale } from '../../../lib/use-locale';
import { useLiveEntries } from '../../../shared/users/user-cache';
import { useSessionStore } from '../../session/store';
import { useChat } from '../components/chat-context';
import { useViewer } from './use-viewer';

const NOBODY: readonly RoomUser[] = [];

/** Everyone in the room, sorted and filtered, as the viewer may see them (spec section 6). */
export function useRoomUsers(roomId: number): { all: readonly RoomUser[]; visible: RoomUser[] } {
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
  return { all, visible };
}

import { MESSAGE_TYPE, totalUnread, type ChatMessage } from '@chat/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useTitleStore } from '../../app/title-store';
import { useChatStore } from '../chat/store';
import { useImStore } from '../im/store';
import { useSessionStore } from '../session/store';

const EMPTY: readonly ChatMessage[] = [];
// The chat's pages (/{locale}/chat and a room's /{locale}/chat/{id}): its room is on screen.
const CHAT_PAGE = /^\/[a-z]{2}\/chat(\/|$)/;

/**
 * People's messages in the current room after the last one seen (`seenUpTo`): those that came
 * while the person was away. My own (from another tab) and the site's notices do not count.
 */
export function unseenMessages(
  messages: readonly ChatMessage[],
  seenUpTo: number,
  viewerId: number | null,
): number {
  return messages.filter(
    (m) => m.id > seenUpTo && m.user.id !== viewerId && m.type_id !== MESSAGE_TYPE.system,
  ).length;
}

/**
 * What waits unread while the person looks elsewhere: the messages of my other rooms, my unread
 * private messages (counters.im_unread_count, kept live by the messenger) and, while the tab is
 * hidden or another page is open, the new messages of the current room.
 */
export function unreadCount(parts: { rooms: number; im: number; unseen: number }): number {
  return parts.rooms + parts.im + parts.unseen;
}

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};

function useDocumentHidden(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'hidden',
    () => false,
  );
}

/** Counts the unread messages and hands them to the title (RouteTitle writes it). */
export function UnreadTitle() {
  // Not looking at the room: the tab is hidden, or another page of the site is open.
  const hidden = useDocumentHidden();
  const { pathname } = useLocation();
  const away = hidden || !CHAT_PAGE.test(pathname);
  const viewerId = useSessionStore((s) => s.userData?.user.id ?? null);
  const rooms = useChatStore((s) => totalUnread(s.rooms));
  const im = useImStore((s) => s.unreadTotal);
  const roomId = useChatStore((s) => s.rooms.currentRoomId);
  const messages = useChatStore(
    (s) => s.rooms.rooms.find((r) => r.id === s.rooms.currentRoomId)?.messages ?? EMPTY,
  );
  const lastId = messages.at(-1)?.id ?? 0;
  // What the person saw last: followed while the room shows, held while they are away.
  const [seen, setSeen] = useState({ roomId, upTo: lastId });
  if (!away && (seen.roomId !== roomId || seen.upTo !== lastId)) {
    setSeen({ roomId, upTo: lastId });
  }
  const unseen = away && seen.roomId === roomId ? unseenMessages(messages, seen.upTo, viewerId) : 0;
  const count = unreadCount({ rooms, im, unseen });

  const setUnread = useTitleStore((s) => s.setUnread);
  useEffect(() => {
    setUnread(count);
  }, [count, setUnread]);
  useEffect(() => () => setUnread(0), [setUnread]);
  return null;
}

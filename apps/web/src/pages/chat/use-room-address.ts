import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  forgetLastRoom,
  lastRoomOf,
  rememberLastRoom,
  roomIdOfAddress,
} from '../../features/chat/last-room';
import { useChatStore } from '../../features/chat/store';
import { pushToast } from '../../features/toasts/store';
import { localePath } from '../../lib/locale-path';
import { settle } from '../../lib/settle';
import { useLocale } from '../../lib/use-locale';

// The user the chat store was last loaded for: coming back to /chat does not load it again,
// but a different user (after signing out and in) gets their own rooms.
let loadedFor: number | null = null;

/** Not yet answered: the address's room has still to be opened (or was, by the load). */
const UNANSWERED = Symbol('unanswered');

export const chatRoomPath = (locale: Parameters<typeof localePath>[0], roomId: number | null) =>
  localePath(locale, roomId === null ? '/chat' : `/chat/${roomId}`);

/**
 * The chat and its address agree: `/{locale}/chat/{roomId}` opens that room (entered when the
 * person may enter it; "Failed to enter the room." otherwise, and the chat opens as usual),
 * `/{locale}/chat` the last room seen in this browser. The room on screen is written back into
 * the address by replacing it, not pushing: the tabs are one page, so Back leaves the chat for
 * the page one came from instead of walking back through every tab clicked.
 */
export function useRoomAddress(userId: number): void {
  const { t } = useTranslation('errors');
  const { roomId: param } = useParams();
  const locale = useLocale();
  const navigate = useNavigate();
  const status = useChatStore((s) => s.status);
  const currentId = useChatStore((s) => s.rooms.currentRoomId);
  const answered = useRef<string | undefined | typeof UNANSWERED>(UNANSWERED);
  const opening = useRef(false);

  const write = (roomId: number | null) => {
    if (roomId !== null) rememberLastRoom(userId, roomId);
    const path = chatRoomPath(locale, roomId);
    if (path === window.location.pathname) return;
    answered.current = roomId === null ? undefined : String(roomId);
    void navigate(`${path}${window.location.search}`, { replace: true });
  };
  const writeRef = useRef(write);
  useEffect(() => {
    writeRef.current = write;
  });
  const refused = () => pushToast({ text: t('roomEnter'), variant: 'danger' });

  // The first visit loads the chat with the address's room (or the last one) to show.
  useEffect(() => {
    const chat = useChatStore.getState();
    // Coming back to the chat page in no room enters the main room again (the store's load).
    const roomless = chat.status === 'ready' && chat.rooms.rooms.length === 0;
    if (loadedFor === userId && chat.status !== 'idle' && !roomless) return;
    loadedFor = userId;
    answered.current = param;
    const linked = roomIdOfAddress(param);
    if (Number.isNaN(linked)) refused();
    const last = lastRoomOf(userId);
    const open =
      linked !== null && !Number.isNaN(linked)
        ? { roomId: linked, enter: true }
        : last === null
          ? undefined
          : { roomId: last, enter: false };
    settle(chat.load(open));
    // Only a new user starts a load; the address is followed by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  // A link followed inside the site, or Back and Forward: open the address's room.
  useEffect(() => {
    if (status !== 'ready' || answered.current === param) return;
    answered.current = param;
    const wanted = roomIdOfAddress(param);
    const current = useChatStore.getState().rooms.currentRoomId;
    if (wanted === null || wanted === current) return;
    if (Number.isNaN(wanted)) {
      refused();
      writeRef.current(current);
      return;
    }
    opening.current = true;
    void useChatStore
      .getState()
      .openRoom(wanted)
      .catch(() => undefined)
      .finally(() => {
        opening.current = false;
        writeRef.current(useChatStore.getState().rooms.currentRoomId);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [param, status]);

  // The room on screen goes into the address and is remembered as the last one. Leaving the
  // chat ("idle" after "ready") leaves no room in the address, nor a last room to come back to.
  const wasReady = useRef(false);
  useEffect(() => {
    if (status === 'ready') {
      wasReady.current = true;
      if (!opening.current) writeRef.current(currentId);
    } else if (status === 'idle' && wasReady.current) {
      wasReady.current = false;
      forgetLastRoom(userId);
      writeRef.current(null);
    }
  }, [currentId, status, userId]);
}

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { placeIn, readPlace, restorePlace, savePlace } from './scroll-memory';

/** Within this many pixels of the end counts as "at the bottom" (rounding, a half-seen line). */
const BOTTOM_SLACK = 48;
/** Older history starts loading this close to the top, so it is usually there before the top is. */
const TOP_PRELOAD = 240;

interface ChatScrollOptions {
  /** Oldest and newest message ids shown: a change at the top or the bottom. */
  firstId: number | null;
  lastId: number | null;
  /** How many of my messages are on their way: a new one always scrolls down. */
  pendingCount: number;
  canLoadOlder: boolean;
  onLoadOlder: () => void;
  /**
   * Keeps the reader's place under this name for the tab's life: the list opens at the message
   * it was scrolled to (or at the bottom) after a reload or a return to it.
   */
  memoryKey?: string;
}

/**
 * The message list's scrolling, as chat apps do it: it opens at the newest message, follows new
 * ones only while the reader is at the bottom (otherwise it counts them for a "new messages"
 * pill), keeps the reader's place when older history is put above, and asks for that history
 * when the top comes near. The list is remounted per room, so each room starts at its bottom.
 */
export function useChatScroll(options: ChatScrollOptions) {
  const { firstId, lastId, pendingCount, canLoadOlder, onLoadOlder, memoryKey } = options;
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const atBottomRef = useRef(true);
  const fromBottomRef = useRef(0);
  const previous = useRef({ firstId, pendingCount });
  const [atBottom, setAtBottom] = useState(true);
  /** The newest message the reader has had on screen at the bottom. */
  const [seenId, setSeenId] = useState(lastId);
  const saving = useRef<number | null>(null);

  const remember = useCallback(() => {
    const el = scrollRef.current;
    if (memoryKey === undefined || el === null) return;
    const place = atBottomRef.current ? { bottom: true as const } : placeIn(el);
    if (place !== null) savePlace(memoryKey, place);
  }, [memoryKey]);

  const scrollToBottom = useCallback((smooth = false) => {
    const el = scrollRef.current;
    if (el === null) return;
    atBottomRef.current = true;
    if (smooth && typeof el.scrollTo === 'function') {
      el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    } else {
      el.scrollTop = el.scrollHeight;
    }
  }, []);

  const onScroll = () => {
    const el = scrollRef.current;
    if (el === null) return;
    const fromBottom = el.scrollHeight - el.scrollTop - el.clientHeight;
    fromBottomRef.current = el.scrollHeight - el.scrollTop;
    const bottom = fromBottom <= BOTTOM_SLACK;
    atBottomRef.current = bottom;
    setAtBottom(bottom);
    if (bottom) setSeenId(lastId);
    if (el.scrollTop < TOP_PRELOAD && canLoadOlder) onLoadOlder();
    // Once a frame at most: reading where each message is costs a layout.
    if (memoryKey !== undefined && saving.current === null) {
      saving.current = requestAnimationFrame(() => {
        saving.current = null;
        remember();
      });
    }
  };

  // Back where the reader was: before the effect below, which would pin a new list to the bottom.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const place = memoryKey === undefined ? null : readPlace(memoryKey);
    if (el === null || place === null || place.bottom) return;
    if (!restorePlace(el, place.messageId, place.offset)) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK;
    atBottomRef.current = bottom;
    fromBottomRef.current = el.scrollHeight - el.scrollTop;
    setAtBottom(bottom);
    // Only when the list first opens: afterwards the reader's own scrolling is the place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(
    () => () => {
      if (saving.current !== null) cancelAnimationFrame(saving.current);
    },
    [],
  );

  // Before paint, so neither a new room nor new messages ever show a frame at the wrong place.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el === null) return;
    const before = previous.current;
    previous.current = { firstId, pendingCount };
    const prepended = firstId !== null && before.firstId !== null && firstId < before.firstId;
    if (pendingCount > before.pendingCount || atBottomRef.current) {
      scrollToBottom();
    } else if (prepended) {
      el.scrollTop = el.scrollHeight - fromBottomRef.current;
    }
    // A short room never scrolls, so it could never reach the top: fetch until the list fills.
    if (el.scrollHeight <= el.clientHeight && canLoadOlder) onLoadOlder();
  }, [firstId, lastId, pendingCount, canLoadOlder, onLoadOlder, scrollToBottom]);

  // Reactions, a taller composer or a late font change heights without changing the messages.
  useEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (el === null || content === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottomRef.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  const hasUnseen = !atBottom && lastId !== null && (seenId === null || lastId > seenId);
  return { scrollRef, contentRef, onScroll, atBottom, seenId, hasUnseen, scrollToBottom };
}

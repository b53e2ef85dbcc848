/**
 * Where a reader was in a message list, kept for this tab (sessionStorage): a reload or a return
 * to the room brings them back to the message they were reading, or to the bottom.
 */
export type ScrollPlace =
  | { bottom: true }
  /** The first message still on screen at the top, and how far its top is from the list's. */
  | { bottom: false; messageId: number; offset: number };

const ITEM = '[data-message-id]';
const key = (name: string) => `scroll.${name}`;

export function readPlace(name: string): ScrollPlace | null {
  try {
    const raw: unknown = JSON.parse(window.sessionStorage.getItem(key(name)) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return null;
    const place = raw as Record<string, unknown>;
    if (place.bottom === true) return { bottom: true };
    const { messageId, offset } = place;
    return typeof messageId === 'number' && typeof offset === 'number'
      ? { bottom: false, messageId, offset }
      : null;
  } catch {
    return null;
  }
}

export function savePlace(name: string, place: ScrollPlace): void {
  try {
    window.sessionStorage.setItem(key(name), JSON.stringify(place));
  } catch {
    // Private mode or a full storage: the place is simply not kept.
  }
}

/** The message the reader is at: the first whose bottom is below the list's top edge. */
export function placeIn(list: HTMLElement): ScrollPlace | null {
  const top = list.getBoundingClientRect().top;
  for (const item of list.querySelectorAll<HTMLElement>(ITEM)) {
    const rect = item.getBoundingClientRect();
    if (rect.bottom > top) {
      return { bottom: false, messageId: Number(item.dataset.messageId), offset: rect.top - top };
    }
  }
  return null;
}

/** Scrolls the list so that the message is where it was; false when it is not in the list. */
export function restorePlace(list: HTMLElement, messageId: number, offset: number): boolean {
  const item = list.querySelector<HTMLElement>(`[data-message-id="${messageId}"]`);
  if (item === null) return false;
  list.scrollTop += item.getBoundingClientRect().top - list.getBoundingClientRect().top - offset;
  return true;
}

/** How long the original stays highlighted after a click on its quote. */
export const HIGHLIGHT_MS = 2000;
/** Pages of older history a jump loads at most before saying the message is not there. */
const MAX_PAGES = 10;

const rowOf = (list: Element, id: number) =>
  list.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
const firstId = (list: Element) =>
  list.querySelector<HTMLElement>('[data-message-id]')?.dataset.messageId ?? null;

/**
 * Scrolls the message into the middle of the list and highlights it for a moment. The list
 * hears the scroll at once, so that it no longer holds itself at the bottom (it did when the
 * quote was clicked there) and a late resize does not take the reader back down; once more on
 * the next frame, after whatever the older page's layout moved.
 */
function show(list: Element, row: HTMLElement) {
  const center = () => {
    row.scrollIntoView({ block: 'center' });
    list.dispatchEvent(new Event('scroll'));
  };
  center();
  requestAnimationFrame(center);
  row.classList.add('is-highlighted');
  window.setTimeout(() => row.classList.remove('is-highlighted'), HIGHLIGHT_MS);
}

/**
 * A click on a reply's quote: the original, when the room shows it; else older history is
 * loaded, page after page, until it appears or the room's start is reached. Answers whether it
 * was found (the caller says "not available" otherwise).
 */
export async function jumpToMessage(
  list: Element | null,
  id: number,
  loadOlder: () => Promise<void>,
): Promise<boolean> {
  if (list === null) return false;
  for (let page = 0; ; page++) {
    const row = rowOf(list, id);
    if (row) {
      show(list, row);
      return true;
    }
    const before = firstId(list);
    // Older messages than it are on screen: it is hidden from me or gone.
    if (page === MAX_PAGES || (before !== null && Number(before) < id)) return false;
    await loadOlder();
    // React draws the older page after the store's change: wait for it.
    await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    // Nothing older came: the room starts after it.
    if (rowOf(list, id) === null && firstId(list) === before) return false;
  }
}

import type { KeyboardEvent } from 'react';

/**
 * How many items the first row of a laid-out grid holds (items wrap in rows of equal width):
 * the items that share the first one's top edge.
 */
export function columnsOf(items: readonly HTMLElement[]): number {
  const top = items[0]?.offsetTop;
  if (top === undefined) return 1;
  const first = items.findIndex((item) => item.offsetTop !== top);
  return first < 0 ? items.length : first;
}

/** Where an arrow key, Home or End moves from `at` in a grid of `count` items. */
export function gridStep(key: string, at: number, count: number, columns: number): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return Math.min(last, at + 1);
    case 'ArrowLeft':
      return Math.max(0, at - 1);
    case 'ArrowDown':
      return at + columns <= last ? at + columns : at;
    case 'ArrowUp':
      return at - columns >= 0 ? at - columns : at;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/**
 * The keys of a picker's grid (smileys, GIFs, reactions, colours): arrows move the focus among
 * the items the selector finds in the handler's element, by the rows they are laid out in; Home
 * and End go to the first and the last; Enter and Space are the buttons' own. Answers the item
 * it moved to, or null when the key is not one of these.
 */
export function onGridKeyDown(
  event: KeyboardEvent<HTMLElement>,
  selector: string,
  columns?: number,
): HTMLElement | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  // Disabled items keep their place in the grid (a locked colour), but take no focus.
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(selector));
  const at = items.findIndex((item) => item.contains(event.target as Node));
  if (at < 0) return null;
  const next = gridStep(event.key, at, items.length, columns ?? columnsOf(items));
  if (next === null) return null;
  event.preventDefault();
  const item = items[next];
  if (item === undefined || (item as HTMLButtonElement).disabled) return null;
  item.focus();
  return item;
}

import { useEffect, type RefObject } from 'react';

/** What can take the focus inside a row. */
const ITEM = 'a[href], button, input, select, textarea, [tabindex]';
/** Inside a row but not of it: open menus and pickers keep their own keys and Tab order. */
const NOT_AN_ITEM = '.dropdown-menu, [role="menu"], .popover, [hidden], [data-roving-skip]';

export function rovingItemsOf(row: Element): HTMLElement[] {
  return Array.from(row.querySelectorAll<HTMLElement>(ITEM)).filter(
    (el) => !(el as HTMLButtonElement).disabled && el.closest(NOT_AN_ITEM) === null,
  );
}

interface Row {
  row: Element;
  items: HTMLElement[];
}

/** A row's first item in its toolbar (its actions), else its first item. */
function homeOf(row: Row): HTMLElement | undefined {
  return row.items.find((item) => item.closest('[role="toolbar"]') !== null) ?? row.items[0];
}

/** In another row, the item that matches this one: the same place in its toolbar, or its home. */
function alike(from: HTMLElement, row: Row): HTMLElement | undefined {
  const toolbar = from.closest('[role="toolbar"]');
  if (toolbar === null) return homeOf(row);
  const place = Array.from(toolbar.querySelectorAll<HTMLElement>(ITEM)).indexOf(from);
  const there = row.items.filter((item) => item.closest('[role="toolbar"]') !== null);
  return there[Math.min(Math.max(place, 0), there.length - 1)] ?? homeOf(row);
}

/**
 * One Tab stop for a whole list of rows (messages) whatever they hold (a roving tabindex):
 * every link and button of every row leaves the Tab order but the current one. ArrowUp and
 * ArrowDown move between rows (to the same action), ArrowLeft and ArrowRight within a row,
 * Home and End to its first and last item, Ctrl+Home and Ctrl+End to the first and last row.
 * The items are read from the page as they are, so whatever a row shows takes part; a screen
 * reader's own cursor still reaches each of them. The current item starts as the newest row's
 * first action, follows the focus however it comes (a click, a screen reader), and goes back to
 * the newest row when rows come while the focus is elsewhere.
 */
export function useRovingRows(ref: RefObject<HTMLElement | null>, rowSelector: string): void {
  useEffect(() => {
    const list = ref.current;
    if (list === null) return;
    let current: HTMLElement | null = null;
    // The newest row when the current item was chosen: newer rows, come while the focus was
    // elsewhere, make the newest one's actions the stop again.
    let newestThen: Element | null = null;

    const rows = (): Row[] =>
      Array.from(list.querySelectorAll(rowSelector))
        .map((row) => ({ row, items: rovingItemsOf(row) }))
        .filter((row) => row.items.length > 0);

    const choose = (item: HTMLElement | null, all: Row[]) => {
      current = item;
      newestThen = all.at(-1)?.row ?? null;
    };

    const sync = () => {
      const all = rows();
      const items = all.flatMap((row) => row.items);
      const away = !list.contains(document.activeElement);
      if (
        current === null ||
        !items.includes(current) ||
        (away && newestThen !== (all.at(-1)?.row ?? null))
      ) {
        const last = all.at(-1);
        choose(last ? (homeOf(last) ?? null) : null, all);
      }
      for (const item of items) {
        const wanted = item === current ? '0' : '-1';
        if (item.getAttribute('tabindex') !== wanted) item.setAttribute('tabindex', wanted);
      }
    };

    let queued = false;
    const observer = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        sync();
      });
    });
    observer.observe(list, { childList: true, subtree: true });

    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      const all = rows();
      if (target === current || !all.some((row) => row.items.includes(target))) return;
      choose(target, all);
      sync();
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement;
      // An open menu or picker of the item has the arrows; a field has its own.
      if (target.getAttribute('aria-expanded') === 'true') return;
      if (target.matches('input, textarea, select')) return;
      const all = rows();
      const at = all.findIndex((row) => row.items.includes(target));
      const row = all[at];
      if (row === undefined) return;
      const place = row.items.indexOf(target);
      let next: HTMLElement | undefined;
      switch (event.key) {
        case 'ArrowLeft':
          next = row.items[Math.max(0, place - 1)];
          break;
        case 'ArrowRight':
          next = row.items[Math.min(row.items.length - 1, place + 1)];
          break;
        case 'ArrowUp':
        case 'ArrowDown': {
          const other = all[at + (event.key === 'ArrowUp' ? -1 : 1)];
          next = other ? alike(target, other) : target;
          break;
        }
        case 'Home':
          next = event.ctrlKey ? all[0] && homeOf(all[0]) : row.items[0];
          break;
        case 'End': {
          const last = all.at(-1);
          next = event.ctrlKey ? last && homeOf(last) : row.items.at(-1);
          break;
        }
        default:
          return;
      }
      if (next === undefined) return;
      // Handled here: neither the page scrolls nor a menu's toggle opens on the arrow.
      event.preventDefault();
      event.stopPropagation();
      choose(next, all);
      sync();
      next.focus();
    };

    sync();
    list.addEventListener('focusin', onFocusIn);
    list.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      list.removeEventListener('focusin', onFocusIn);
      list.removeEventListener('keydown', onKeyDown);
    };
  }, [ref, rowSelector]);
}

import { useSyncExternalStore } from 'react';

/** Bootstrap's lg breakpoint: from here on the chat shows three columns. */
export const DESKTOP_QUERY = '(min-width: 992px)';

/**
 * Whether a media query matches, following changes. Without matchMedia (jsdom, very old
 * browsers) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
  );
}

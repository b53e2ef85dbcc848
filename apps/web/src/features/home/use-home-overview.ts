import type { HomeOverview } from '@chat/shared';
import { useEffect, useState } from 'react';
import { fetchHomeOverview } from './api';

/** How often an open home page asks again: the server keeps its answer for a few seconds. */
export const HOME_REFRESH_MS = 30_000;

/**
 * The overview, asked for on mount and again every HOME_REFRESH_MS while the tab is shown; null
 * until the first answer (and while none came). Plain fetches, no query client: the home page
 * paints without TanStack Query's code (app/query-client-loader.ts).
 */
export function useHomeOverview(): HomeOverview | null {
  const [overview, setOverview] = useState<HomeOverview | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const load = () => {
      if (document.visibilityState === 'hidden') return;
      fetchHomeOverview(controller.signal).then(setOverview, () => undefined);
    };
    load();
    const timer = window.setInterval(load, HOME_REFRESH_MS);
    // Back to a tab left in the background: what it shows is old, ask at once.
    document.addEventListener('visibilitychange', load);
    return () => {
      controller.abort();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', load);
    };
  }, []);
  return overview;
}

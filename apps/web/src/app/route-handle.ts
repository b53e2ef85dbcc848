import type { UIMatch } from 'react-router';

/** What a route tells the shell about itself. */
export interface RouteHandle {
  /** Key in the `titles` namespace. */
  title?: string;
  /** The title stands alone, without the product name after it (home). */
  titleOnly?: boolean;
  /** Reachable after declining the agreement, so the terms can still be read. */
  bypassAgreementGate?: boolean;
  /** The page fills the window below the navbar (the chat): no footer, no page scroll. */
  fullHeight?: boolean;
}

export function routeHandle(matches: UIMatch[]): RouteHandle {
  const merged: RouteHandle = {};
  for (const match of matches) {
    if (typeof match.handle === 'object' && match.handle !== null) {
      Object.assign(merged, match.handle);
    }
  }
  return merged;
}

import type { InitData } from '@chat/shared';

let first: InitData | null = null;

/** init.ts keeps what the page's first init answered. */
export function keepFirstInit(data: InitData): void {
  first = data;
}

/**
 * What the page's first init answered: the signed-in navbar's chunk reads the agreement's
 * versions from it (features/admin/pages/agreement-version.ts) instead of asking again.
 */
export function firstInitAnswer(): InitData | null {
  return first;
}

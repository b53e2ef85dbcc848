/** The tabs of /{locale}/my/{tab}, in the menu's order. */
export const MY_TABS = [
  'profile',
  'photos',
  'nick',
  'frames',
  'friends',
  'notifications',
  'ignored',
  'privacy',
  'password',
  'security',
  'delete',
  'chat',
] as const;
export type MyTab = (typeof MY_TABS)[number];

/** What a guest may change: only their chat settings (the rest needs an account). */
export const GUEST_TABS: readonly MyTab[] = ['chat'];

export function isMyTab(value: unknown): value is MyTab {
  return (MY_TABS as readonly unknown[]).includes(value);
}

/** The tab a bare /my opens. */
export function defaultTab(guest: boolean): MyTab {
  return guest ? 'chat' : 'profile';
}

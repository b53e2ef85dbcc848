/** Business constants of the spec (section 9) used by both sides. */
export const HTTP_TIMEOUT_MS = 30_000;
export const DEFAULT_WINDOW_WIDTH = 1920;
export const AVATAR_WIDTH_THRESHOLD = 360;
export const TOAST_AUTOHIDE_MS = 5000;
export const MODAL_SWAP_DELAY_MS = 500;
export const UPDATE_BAR_TICK_MS = 100;
export const UPDATE_BAR_MAX_STEP = 20;
export const UPDATE_BAR_RELOAD_DELAY_MS = 700;
export const ROOM_MESSAGES_CAP = 60;
export const ROOM_MESSAGES_KEEP = 40;
export const REALTIME_ACTIVITY_TIMEOUT_MS = 120_000;
export const REALTIME_PONG_TIMEOUT_MS = 30_000;
export const REALTIME_UNAVAILABLE_TIMEOUT_MS = 10_000;
export const MAX_SESSIONS_PER_USER = 20;

/** Navbar avatar: 40 px when the window is wider than 360, else 32. */
export function navbarAvatarSize(windowWidth: number): 32 | 40 {
  return windowWidth > AVATAR_WIDTH_THRESHOLD ? 40 : 32;
}

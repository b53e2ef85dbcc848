/**
 * Fires an action without waiting. The data layer reports failures itself (toasts, as the spec's
 * shared handler does), so here a rejection only needs to be kept from going unhandled.
 */
export function settle(promise: Promise<unknown>): void {
  promise.catch(() => undefined);
}

import type { UserRow } from '../../db/schema';

/**
 * A sanction without an end keeps this as its end on the user row, so that "active" is always
 * `until > now` and the check needs no second column.
 */
export const FOREVER = '9999-12-31T23:59:59.999Z';

type SanctionColumns = Pick<UserRow, 'gag_until' | 'ban_until'>;

function activeUntil(until: string | null, now: Date): boolean {
  return until !== null && Date.parse(until) > now.getTime();
}

/** Gagged: may not write anywhere (rooms, private messages, client events, profile texts). */
export function isGagged(user: SanctionColumns, now = new Date()): boolean {
  return activeUntil(user.gag_until, now);
}

/** Banned (a ban or a full ban): may not use the chat at all. */
export function isBanned(user: SanctionColumns, now = new Date()): boolean {
  return activeUntil(user.ban_until, now);
}

/** The user row's column value for a sanction's wire `expires_at` (null: forever). */
export function untilColumn(expiresAt: string | null): string {
  return expiresAt ?? FOREVER;
}

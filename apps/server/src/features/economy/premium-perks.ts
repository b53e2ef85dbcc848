import { isBasicNickColor, type NickStyle } from '@chat/shared';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import { hasPermission, presentNick } from '../users/user.presenter';
import type { PremiumRepository } from './premium.repository';

/** What the end of premium took off a user (for the events after commit). */
export interface PerksTakenOff {
  /** The nick style after, when it changed. */
  nick: NickStyle | null;
  frameRemoved: boolean;
  /** Rooms the user was invisible in and is now seen in. */
  rooms: number[];
}

/**
 * Takes off what premium put on, for a user whose premium is over (`user` is their row, locked):
 * a gradient nick falls back to its colour, a colour of the extended rows to the default one; a
 * premium frame comes off; invisibility ends in every room. What their role still allows (staff
 * may go invisible, the admin has every perk) stays. Photos beyond PHOTOS_MAX stay: the limit
 * only stops new ones.
 */
export async function takeOffPerks(
  repo: PremiumRepository,
  trx: Kysely<DB>,
  user: UserRow,
): Promise<PerksTakenOff> {
  const out: PerksTakenOff = { nick: null, frameRemoved: false, rooms: [] };
  const style = plainNick(user);
  if (style) {
    await repo.takeOffLooks(trx, user.id, { nick_style: style });
    out.nick = presentNick({ nick: user.nick, nick_style: style });
  }
  if (!hasPermission(user, 'frame.premium') && (await repo.wearsPremiumFrame(trx, user.frame_id))) {
    await repo.takeOffLooks(trx, user.id, { frame_id: null, frame: null });
    out.frameRemoved = true;
  }
  if (!hasPermission(user, 'room.invisible')) out.rooms = await repo.showInRooms(trx, user.id);
  return out;
}

/** The stored nick style without the perks the user no longer has, or null when unchanged. */
function plainNick(user: UserRow): string | null {
  const stored = parseObject(user.nick_style);
  const current = presentNick(user);
  let changed = false;
  if (current.has_gradient && !hasPermission(user, 'nick.gradient')) {
    // The colour under the gradient is what the nick shows from now on.
    stored.has_gradient = false;
    stored.gradient = [];
    changed = true;
  }
  if (
    current.color !== null &&
    !isBasicNickColor(current.color) &&
    !hasPermission(user, 'nick.palette_extended')
  ) {
    stored.color = null;
    changed = true;
  }
  return changed ? JSON.stringify(stored) : null;
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

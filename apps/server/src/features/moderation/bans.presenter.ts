import {
  banTypeId,
  isBanPeriodKey,
  isBanReason,
  isTabooTopic,
  MODERATION_ACTIONS,
  type BanWire,
  type ModerationAction,
  type ModerationLogEntry,
  type PublicUser,
  type WarningWire,
} from '@chat/shared';
import type { BanRow, ModerationLogRow, UserRow, WarningRow } from '../../db/schema';
import { presentPublicUser } from '../users/user.presenter';
import { parseEvidence } from './evidence';

export type UsersById = ReadonlyMap<number, UserRow>;

/** The ids of the people a list of rows names, for one batched lookup. */
export function peopleOf(
  rows: readonly { user_id?: number; moderator_id?: number; lifted_by?: number | null }[],
): number[] {
  const ids = new Set<number>();
  for (const r of rows) {
    if (r.user_id !== undefined) ids.add(r.user_id);
    if (r.moderator_id !== undefined) ids.add(r.moderator_id);
    if (r.lifted_by !== undefined && r.lifted_by !== null) ids.add(r.lifted_by);
  }
  return [...ids];
}

/** A person no longer found (never expected: rows keep their users) still shows as someone. */
function personOf(users: UsersById, id: number): PublicUser {
  const user = users.get(id);
  if (user) return presentPublicUser(user);
  return {
    id,
    slug: '',
    nick: {
      nick: '—',
      color: null,
      has_gradient: false,
      gradient: [],
      font_id: null,
      weight: null,
      italic: false,
    },
    avatar: null,
    frame: null,
    premium: false,
    roles: [],
    gender: null,
  };
}

export interface BanView {
  users: UsersById;
  appeal: { id: number; status: string } | null;
  /** The sanctioned person's own view on a site that hides moderators' names. */
  hideModerator: boolean;
}

export function presentBan(row: BanRow, view: BanView): BanWire {
  return {
    id: row.id,
    user_id: row.user_id,
    user: personOf(view.users, row.user_id),
    type: row.type,
    type_id: banTypeId(row.type),
    period: isBanPeriodKey(row.period) ? row.period : 'forever',
    reason: isBanReason(row.reason) ? row.reason : 'behavior',
    taboo: isTabooTopic(row.taboo) ? row.taboo : null,
    comment: row.comment,
    moderator: view.hideModerator ? null : personOf(view.users, row.moderator_id),
    evidence: parseEvidence(row.evidence),
    created_at: row.created_at,
    expires_at: row.expires_at,
    lifted_at: row.lifted_at,
    // Whoever lifted it is a moderator too (an accepted appeal's resolver): hidden alike.
    lifted_by:
      row.lifted_by === null || view.hideModerator ? null : personOf(view.users, row.lifted_by),
    lift_reason: row.lift_reason,
    appeal: view.appeal,
  };
}

export function presentWarning(row: WarningRow, users: UsersById): WarningWire {
  return {
    id: row.id,
    user: personOf(users, row.user_id),
    reason: isBanReason(row.reason) ? row.reason : 'behavior',
    taboo: isTabooTopic(row.taboo) ? row.taboo : null,
    comment: row.comment,
    moderator: personOf(users, row.moderator_id),
    evidence: parseEvidence(row.evidence),
    created_at: row.created_at,
  };
}

function parseData(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function presentLogEntry(row: ModerationLogRow, users: UsersById): ModerationLogEntry {
  return {
    id: row.id,
    actor: personOf(users, row.actor_id),
    action: (MODERATION_ACTIONS as readonly string[]).includes(row.action)
      ? (row.action as ModerationAction)
      : 'lift',
    target_user: row.target_user_id === null ? null : personOf(users, row.target_user_id),
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    reason: row.reason,
    comment: row.comment,
    data: parseData(row.data),
    created_at: row.created_at,
  };
}

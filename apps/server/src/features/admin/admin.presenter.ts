import type { AdminLogEntry } from '@chat/shared';
import type { AdminLogRow } from '../../db/admin-schema';
import type { UserRow } from '../../db/schema';
import { presentPublicUser } from '../users/user.presenter';

const parsed = (json: string): unknown => {
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
};

export function presentAdminLogEntry(
  row: AdminLogRow,
  users: ReadonlyMap<number, UserRow>,
): AdminLogEntry {
  const actor = row.actor_id === null ? undefined : users.get(row.actor_id);
  return {
    id: row.id,
    actor: actor ? presentPublicUser(actor) : null,
    action: row.action,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    before: parsed(row.before),
    after: parsed(row.after),
    created_at: row.created_at,
  };
}

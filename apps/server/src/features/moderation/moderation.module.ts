import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ModerationLogRepository } from './moderation-log.repository';

/**
 * The services behind /api/moderation/*, /api/complaints/* and /api/admin/users/{id}/role
 * (app.deps.moderation). Each part is added here as it lands:
 * - `bans`: gags, bans, full bans, their expiry job, warnings, trolls (bans.service.ts)
 * - `complaints`: complaints and appeals (complaints.service.ts)
 * - `content`: content reviews of profile texts and photos (content-reviews.service.ts)
 * - `roles`: an admin makes a user a moderator or an admin and back (roles.service.ts)
 */
export interface ModerationServices {
  log: ModerationLogRepository;
}

export function createModerationServices(db: Kysely<DB>): ModerationServices {
  return { log: new ModerationLogRepository(db) };
}

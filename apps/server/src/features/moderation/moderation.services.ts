import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import type { AccountsRepository } from '../auth/accounts.repository';
import type { UsersRepository } from '../users/users.repository';
import type { RateLimits } from '../../http/rate-limit';
import {
  createSanctionServices,
  type SanctionPorts,
  type SanctionServices,
} from './sanctions.services';
import { BansRepository } from './bans.repository';
import { ComplaintTargetsRepository } from './complaint-targets.repository';
import { ComplaintsRepository } from './complaints.repository';
import { ComplaintsService, type ComplaintPorts } from './complaints.service';
import { ContentReviewsRepository } from './content-reviews.repository';
import { ContentReviewsService, type ContentReviewPorts } from './content-reviews.service';
import { ModerationLogRepository } from './moderation-log.repository';
import { RolesService } from './roles.service';

/**
 * The services behind /api/moderation/*, /api/complaints/* and /api/admin/users/{id}/role
 * (app.deps.moderation). Each part is added here as it lands:
 * - `bans`, `warnings`, `people`, `lists`: gags, bans, full bans and their expiry job, warnings,
 *   trolls and a person's sanction summary, the banlist and the log (sanctions.services.ts)
 * - `complaints`: complaints and appeals (complaints.service.ts)
 * - `content`: content reviews of profile texts and photos (content-reviews.service.ts)
 * - `roles`: an admin makes a user a moderator or an admin and back (roles.service.ts)
 */
export interface ModerationServices extends SanctionServices {
  log: ModerationLogRepository;
  roles: RolesService;
  content: ContentReviewsService;
  complaints: ComplaintsService;
}

/** What the moderation services take from the rest of the app (add what your part needs). */
export interface ModerationParts {
  users: UsersRepository;
  /** The role change writes the account's role (features/auth). */
  accounts: Pick<AccountsRepository, 'changeRole'>;
  events: DomainEvents;
  /** Content moderation: the owner's notification and the avatar's removal. */
  content: ContentReviewPorts;
  /** Sanctions: the job queue, a full ban's exit from every room, a warning's notification. */
  sanctions: SanctionPorts;
  /** Complaints: the per-hour limit and the reporters' notifications. */
  complaints: { rateLimits: RateLimits; notify: ComplaintPorts['notify'] };
}

export function createModerationServices(
  db: Kysely<DB>,
  parts: ModerationParts,
): ModerationServices {
  const log = new ModerationLogRepository(db);
  const sanctions = createSanctionServices(db, log, parts.users, parts.events, parts.sanctions);
  return {
    log,
    ...sanctions,
    complaints: new ComplaintsService(
      new ComplaintsRepository(db),
      new ComplaintTargetsRepository(db),
      new BansRepository(db),
      log,
      parts.complaints.rateLimits,
      parts.events,
      {
        notify: parts.complaints.notify,
        // An accepted appeal lifts the ban whoever gave it; already over, nothing to lift.
        liftBan: async (banId, actor) => {
          await sanctions.bans.liftUnchecked(actor, banId, 'appeal');
        },
      },
    ),
    roles: new RolesService(db, parts.users, parts.accounts, log, parts.events),
    content: new ContentReviewsService(
      new ContentReviewsRepository(db),
      log,
      parts.events,
      parts.content,
    ),
  };
}

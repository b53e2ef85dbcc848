import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { JobPayloads, JobQueue } from '../jobs/job-queue';
import type { UsersRepository } from '../users/users.repository';
import { BansRepository } from './bans.repository';
import { BansService } from './bans.service';
import { ModeratedUsersService } from './moderated-users.service';
import type { ModerationLogRepository } from './moderation-log.repository';
import { ModerationListsService } from './moderation-lists.service';
import { WarningsService, type Notify } from './warnings.service';

/** What sanctions take from the rest of the app. */
export interface SanctionPorts {
  /** The job queue: a sanction's expiry is enqueued with it (its kind: moderation.module.ts). */
  jobs: JobQueue;
  /** Writes with their events and jobs (a sanction commits with its expiry job). */
  units: UnitOfWork<JobPayloads>;
  /** Takes a user out of every room, as POST /api/chat/leave does (a full ban). */
  leaveChat(user: UserRow): Promise<void>;
  /** NotificationsService.notify (a warning). */
  notify: Notify;
}

export interface SanctionServices {
  /** Gags, bans, full bans: give, lift (`liftUnchecked` for appeals), expire, mine. */
  bans: BansService;
  warnings: WarningsService;
  /** Trolls, a person's sanction summary, the profile's `violations`. */
  people: ModeratedUsersService;
  /** The banlist and the moderation log. */
  lists: ModerationListsService;
}

export function createSanctionServices(
  db: Kysely<DB>,
  log: ModerationLogRepository,
  users: UsersRepository,
  events: DomainEvents,
  ports: SanctionPorts,
): SanctionServices {
  const repo = new BansRepository(db);
  const bans = new BansService(db, repo, users, log, events, ports.units, ports);
  return {
    bans,
    warnings: new WarningsService(db, repo, users, log, ports.notify),
    people: new ModeratedUsersService(repo, bans, users, log, ports.units),
    lists: new ModerationListsService(repo, bans, log, users),
  };
}

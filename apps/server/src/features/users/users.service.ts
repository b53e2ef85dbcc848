import type { PublicUser } from '@chat/shared';
import type { UserRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import { invalid, notFound } from '../../http/app-error';
import { BROADCAST_LIMITS } from '../../http/broadcast-limits';
import type { RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import type { RoomsRepository } from '../chat/rooms.repository';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import { presentPublicUser } from './user.presenter';
import type { UsersRepository } from './users.repository';

/**
 * The status line, the ignore list and the trolls. The users row's columns have their owners
 * (db/user-columns.ts): the status line is the profile's, written through its repository.
 */
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    /** The chat's memberships (features/chat), looked up when called. */
    private readonly rooms: Pick<RoomsRepository, 'roomsOf'>,
    private readonly events: DomainEvents,
    private readonly rateLimits: RateLimits,
    /** The status line is the profile's (features/profiles), registered after this module. */
    private readonly profiles: () => Pick<ProfilesRepository, 'setStatus'>,
  ) {}

  async ignore(user: UserRow, targetId: number): Promise<number[]> {
    if (targetId === user.id) throw invalid({ user_id: ['ignore.self'] });
    if (!(await this.users.findById(targetId))) throw notFound();
    await this.users.ignore(user.id, targetId, nowIso());
    return this.users.ignoredBy(user.id);
  }

  /** The people I ignore, as their short public selves, most recently ignored first. */
  async ignoredUsers(user: UserRow): Promise<PublicUser[]> {
    const ids = await this.users.ignoredBy(user.id);
    const byId = new Map((await this.users.findMany(ids)).map((u) => [u.id, u]));
    return ids.flatMap((id) => {
      const found = byId.get(id);
      return found ? [presentPublicUser(found)] : [];
    });
  }

  async unignore(user: UserRow, targetId: number): Promise<number[]> {
    await this.users.unignore(user.id, targetId);
    return this.users.ignoredBy(user.id);
  }

  async setStatus(user: UserRow, status: string | null): Promise<string | null> {
    // Heard in every room the person is in: a loop of them would flood them all.
    await this.rateLimits.hit(BROADCAST_LIMITS.status, String(user.id));
    const value = status ? status : null;
    await this.profiles().setStatus(user.id, value);
    this.events.emit('user.status', {
      userId: user.id,
      status: value,
      rooms: await this.rooms.roomsOf(user.id),
    });
    return value;
  }

  trolls(): Promise<number[]> {
    return this.users.trollIds();
  }
}

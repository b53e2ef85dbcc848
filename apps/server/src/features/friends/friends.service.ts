import type { FriendsList, PublicUser } from '@chat/shared';
import type { UserRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import { AppError, forbidden, invalid, notFound } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import type { NotificationsService } from '../notifications/notifications.service';
import { presentPublicUser } from '../users/user.presenter';
import type { UsersRepository } from '../users/users.repository';
import type { FriendsRepository } from './friends.repository';
import { isRegistered } from '../../access/permissions';

/** Friend calls (add and delete together) a user may make per minute. */
export const FRIEND_CALLS_PER_MINUTE = 30;

/** A profile's friends (FriendsService.profileFriends). */
export interface ProfileFriends {
  friends: PublicUser[];
  count: number;
  /** The viewer's relation to the profile's owner; null for a visitor or the owner. */
  relation: 'friend' | 'incoming' | 'outgoing' | null;
}

/** Where two people stand after a call: friends, or my request waiting for them. */
export interface FriendshipAnswer {
  user: PublicUser;
  friendship: 'friend' | 'outgoing' | null;
}

/**
 * Friend requests and friendships. A request to someone who already asked me is an
 * acceptance; deleting removes a friendship, withdraws my request or declines theirs.
 */
export class FriendsService {
  constructor(
    private readonly friends: FriendsRepository,
    private readonly users: UsersRepository,
    private readonly notifications: NotificationsService,
    private readonly rateLimits: RateLimits,
    private readonly limit: RateLimitRule,
    private readonly events?: DomainEvents,
  ) {}

  /** Both people's tabs hear where they now stand (their open profiles of each other follow). */
  private tell(viewerId: number, otherId: number, mine: 'friend' | 'outgoing' | null): void {
    const theirs = mine === 'outgoing' ? 'incoming' : mine;
    this.events?.emit('friends.changed', { userId: viewerId, otherId, friendship: mine });
    this.events?.emit('friends.changed', {
      userId: otherId,
      otherId: viewerId,
      friendship: theirs,
    });
  }

  areFriends(a: number, b: number): Promise<boolean> {
    return this.friends.areFriends(a, b);
  }

  async list(userId: number): Promise<FriendsList> {
    const [friends, incoming, outgoing] = await Promise.all([
      this.friends.friendsOf(userId),
      this.friends.pending(userId, 'incoming'),
      this.friends.pending(userId, 'outgoing'),
    ]);
    return {
      friends: friends.map(presentPublicUser),
      incoming: incoming.map(presentPublicUser),
      outgoing: outgoing.map(presentPublicUser),
    };
  }

  /**
   * What a profile shows of its owner's friends: the first `limit` and their count (one
   * query), and the viewer's relation to the owner (one more, for a signed-in stranger).
   */
  async profileFriends(
    userId: number,
    viewerId: number | null,
    limit: number,
  ): Promise<ProfileFriends> {
    const [first, relation] = await Promise.all([
      this.friends.firstFriends(userId, limit),
      viewerId === null ? null : this.relation(viewerId, userId),
    ]);
    return { friends: first.rows.map(presentPublicUser), count: first.count, relation };
  }

  /** The viewer's relation to another user, as a profile shows it. */
  async relation(
    viewerId: number,
    otherId: number,
  ): Promise<'friend' | 'incoming' | 'outgoing' | null> {
    if (viewerId === otherId) return null;
    const row = await this.friends.find(viewerId, otherId);
    if (!row) return null;
    if (row.status === 'accepted') return 'friend';
    return row.requester_id === viewerId ? 'outgoing' : 'incoming';
  }

  async friendsOf(userId: number): Promise<PublicUser[]> {
    return (await this.friends.friendsOf(userId)).map(presentPublicUser);
  }

  async add(viewer: UserRow, otherId: number): Promise<FriendshipAnswer> {
    const other = await this.other(viewer, otherId);
    const ignores = await this.friends.ignoresBetween(viewer.id, other.id);
    if (ignores.bIgnoresA) throw forbidden('friends.ignored');
    if (ignores.aIgnoresB) throw forbidden('friends.ignoring');
    const answer = (friendship: 'friend' | 'outgoing'): FriendshipAnswer => ({
      user: presentPublicUser(other),
      friendship,
    });

    // Two rounds at most: a lost insert race means the other side's row now exists.
    for (let round = 0; round < 2; round += 1) {
      const row = await this.friends.find(viewer.id, other.id);
      if (!row) {
        try {
          await this.friends.insertRequest(viewer.id, other.id, nowIso());
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          continue;
        }
        await this.notifications.notify(other.id, 'new', {
          type: 'friend_request',
          user: presentPublicUser(viewer),
        });
        this.tell(viewer.id, other.id, 'outgoing');
        return answer('outgoing');
      }
      if (row.status === 'accepted') return answer('friend');
      if (row.requester_id === viewer.id) return answer('outgoing');
      if (await this.friends.accept(row.id, viewer.id, nowIso())) {
        await this.notifications.notify(other.id, 'new', {
          type: 'friend_accepted',
          user: presentPublicUser(viewer),
        });
        this.tell(viewer.id, other.id, 'friend');
        return answer('friend');
      }
    }
    const settled = await this.friends.find(viewer.id, other.id);
    return answer(settled?.status === 'accepted' ? 'friend' : 'outgoing');
  }

  /** Removes whatever is between us; nothing there is not an error (a double click). */
  async remove(viewer: UserRow, otherId: number): Promise<void> {
    const other = await this.other(viewer, otherId);
    const row = await this.friends.find(viewer.id, other.id);
    if (row) {
      await this.friends.delete(row.id);
      this.tell(viewer.id, other.id, null);
    }
  }

  /** A deleted account leaves every friendship and request it was part of. */
  async forget(userId: number): Promise<void> {
    await this.friends.deleteAllOf(userId);
  }

  /** The rules both calls share: rate, guests, myself, a user who exists. */
  private async other(viewer: UserRow, otherId: number): Promise<UserRow> {
    if (!isRegistered(viewer)) throw new AppError('guest');
    await this.rateLimits.hit(this.limit, String(viewer.id));
    if (otherId === viewer.id) throw invalid({ user_id: ['friends.self'] });
    const other = await this.users.findById(otherId);
    // A deleted account keeps an anonymous row for its public messages; it has no friends.
    if (!other || other.deleted_at !== null) throw notFound();
    if (!isRegistered(other)) throw new AppError('guest', { messageKey: 'friends.guest' });
    return other;
  }
}

import { COMMON_CHANNEL, parseChannel, type PresenceMemberInfo } from '@chat/shared';
import type { UserRow } from '../db/schema';
import type { RoomsRepository } from '../features/chat/rooms.repository';
import { isBanned } from '../features/moderation/sanctions';
import { presentNick, rolesOf } from '../features/users/user.presenter';

/**
 * Who may listen where (issue: "Everything else is refused"): `common` anyone; `private-chat`
 * any signed-in user, guests included; `private-user.{id}` that user only;
 * `presence-room.{id}` members of that room only, and not while banned (a gag still listens).
 */
export class ChannelPolicy {
  constructor(private readonly rooms: Pick<RoomsRepository, 'membership'>) {}

  isPublic(channel: string): boolean {
    return channel === COMMON_CHANNEL;
  }

  async mayJoin(user: UserRow, channel: string): Promise<boolean> {
    const parsed = parseChannel(channel);
    switch (parsed.kind) {
      case 'chat':
        return true;
      case 'user':
        return parsed.userId === user.id;
      case 'room':
        if (isBanned(user)) return false;
        return (await this.rooms.membership(parsed.roomId, user.id)) !== undefined;
      case 'common':
      case 'unknown':
        return false;
    }
  }

  /** What other members see of this user in a presence channel. */
  memberInfo(user: UserRow): PresenceMemberInfo {
    return { id: user.id, slug: user.slug, nick: presentNick(user).nick, roles: rolesOf(user) };
  }
}

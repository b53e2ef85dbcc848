import type { PresenceMemberInfo } from '@chat/shared';
import type { UserRow } from '../../db/schema';
import type { ChannelKinds } from '../../realtime/channel-registry';
import { presentNick, rolesOf } from './user.presenter';

/** `private-user.{id}`: one person's own events, for that person only. */
export function registerUserChannels(channels: ChannelKinds): void {
  channels.register({ kind: 'user', maySubscribe: (user, { userId }) => userId === user.id });
}

/** What others see of a person on a realtime channel (a presence member, a signed-in socket). */
export function presentMemberInfo(user: UserRow): PresenceMemberInfo {
  return { id: user.id, slug: user.slug, nick: presentNick(user).nick, roles: rolesOf(user) };
}

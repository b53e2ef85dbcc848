import { featureModule } from '../../platform/feature-module';
import { friendsRealtime } from './friends.realtime';
import { FriendsRepository } from './friends.repository';
import { friendsRoutes } from './friends.routes';
import { FRIEND_CALLS_PER_MINUTE, FriendsService } from './friends.service';

/** Friend requests and friendships; the friends-only seam of private messages. */
export const friendsModule = featureModule({
  name: 'friends',
  register(ctx) {
    const { database, events, rateLimits } = ctx.platform;
    const repo = new FriendsRepository(database.db);
    const friends = new FriendsService(
      repo,
      ctx.use('users'),
      ctx.use('notifications'),
      rateLimits,
      { name: 'friends', points: FRIEND_CALLS_PER_MINUTE, durationSeconds: 60 },
      events,
    );
    // `im_privacy: friends` takes effect now that friendships exist.
    ctx.use('im').useFriends(friends);
    events.on('user.deleted', ({ userId }) => friends.forget(userId));
    ctx.provide({
      friends,
      ignores: async (userId, otherId) => (await repo.ignoresBetween(userId, otherId)).aIgnoresB,
      reach: async (senderId, recipientId) => {
        const { aIgnoresB, bIgnoresA } = await repo.ignoresBetween(senderId, recipientId);
        return { ignoredByRecipient: bIgnoresA, ignoringRecipient: aIgnoresB };
      },
    });
    ctx.realtime((on, rt) => friendsRealtime(on, rt));
    ctx.routes(friendsRoutes);
  },
});

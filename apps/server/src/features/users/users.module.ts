import { featureModule } from '../../platform/feature-module';
import { UserDataService } from './user-data.service';
import { presentMemberInfo, registerUserChannels } from './users.channels';
import { usersRealtime } from './users.realtime';
import { UsersRepository } from './users.repository';
import { usersRoutes } from './users.routes';
import { UsersService } from './users.service';

/**
 * Users: the read-only look-ups of the users row every feature shares, status, the ignore
 * list, trolls, and user data (what the client keeps about the signed-in user). The row's
 * columns are written by their owners (db/user-columns.ts): accounts (features/auth), profiles
 * (features/profiles, features/my), preferences (features/preferences), economy, moderation. First of the features that keep people: user data
 * gathers from those after it, looked up when called.
 */
export const usersModule = featureModule({
  name: 'users',
  register(ctx) {
    const { database, events, rateLimits } = ctx.platform;
    const users = new UsersRepository(database.db);
    const rooms = ctx.later('roomsRepository');
    const quotes = ctx.later('quotesRepository');
    const im = ctx.later('im');
    const friends = ctx.later('friends');
    const notifications = ctx.later('notifications');
    const moderation = ctx.later('moderation');
    const profiles = ctx.later('profilesRepository');
    ctx.provide({
      users,
      usersService: new UsersService(
        users,
        { roomsOf: (userId) => rooms().roomsOf(userId) },
        events,
        rateLimits,
        profiles,
      ),
      userData: new UserDataService(
        users,
        { messageIdsOf: (userId) => quotes().messageIdsOf(userId) },
        ctx.use('catalog'),
        ctx.use('gifs'),
        ctx.use('recentSmileys'),
        (id) => im().unreadCount(id),
        {
          friends: (id) => friends().friendsOf(id),
          notifications: (id) => notifications().newest(id),
          unreadNotifications: (id) => notifications().unreadCount(id),
          sanctions: (user) => moderation().bans.mine(user),
        },
      ),
    });
    registerUserChannels(ctx.channels);
    ctx.memberInfo(presentMemberInfo);
    ctx.realtime(usersRealtime);
    ctx.routes(usersRoutes);
  },
});

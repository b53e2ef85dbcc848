import { roomChannel } from '@chat/shared';
import { featureModule } from '../../platform/feature-module';
import { registerChatChannels } from './chat.channels';
import { chatRealtime } from './chat.realtime';
import { chatRoutes } from './chat.routes';
import { MessagesRepository } from './messages.repository';
import { messagesRoutes } from './messages.routes';
import { MessagesService } from './messages.service';
import { ReactionsRepository } from './reactions.repository';
import { ReactionsService } from './reactions.service';
import { RepeatGuard } from './repeat-guard';
import { RoomPresence } from './room-presence';
import { RoomRosters } from './room-rosters';
import { RoomView } from './room-view';
import { RoomsRepository } from './rooms.repository';
import { roomsRoutes } from './rooms.routes';
import { RoomsService } from './rooms.service';

/** Rooms, membership, messages and reactions; `private-chat` and the rooms' presence channels. */
export const chatModule = featureModule({
  name: 'chat',
  register(ctx) {
    const { config, database, redis, events, rateLimits, cacheBus, units } = ctx.platform;
    const users = ctx.use('users');
    const roomsRepository = new RoomsRepository(database.db);
    const messagesRepository = new MessagesRepository(database.db);
    const reactionsRepository = new ReactionsRepository(database.db);
    // Each room's members in memory, dropped on every node by the events that change them.
    const rosters = new RoomRosters(roomsRepository, cacheBus);
    rosters.listenTo(events);
    const view = new RoomView(roomsRepository, messagesRepository, reactionsRepository, users);
    ctx.provide({
      roomsRepository,
      messagesRepository,
      rooms: new RoomsService(roomsRepository, messagesRepository, users, view, events, rateLimits),
      // Its pictures' visibility (the `room` attachment kind) is registered by the service.
      messages: new MessagesService(
        messagesRepository,
        roomsRepository,
        view,
        rateLimits,
        new RepeatGuard(redis),
        events,
        config.rateLimits.messages,
        ctx.use('gifs'),
        ctx.use('attachments'),
        rosters,
        units,
      ),
      reactions: new ReactionsService(
        reactionsRepository,
        messagesRepository,
        roomsRepository,
        rateLimits,
        events,
      ),
    });
    // Who is there now: the sockets say, the room's list and People → Online follow.
    const realtime = ctx.later('realtime');
    const presence = new RoomPresence(
      roomsRepository,
      events,
      (roomId) => realtime().presentUserIds(roomChannel(roomId)),
      ctx.platform.log,
    );
    // Off in the hostile sweep, whose world's members never connect: a sweep halfway through
    // would be a change no request made.
    const sweeper =
      config.presenceSweepMs > 0
        ? setInterval(() => {
            presence.sweep().catch((error: unknown) => {
              ctx.platform.log.error({ err: error }, 'room presence sweep failed');
            });
          }, config.presenceSweepMs)
        : null;
    sweeper?.unref();
    ctx.onStop(async () => {
      if (sweeper) clearInterval(sweeper);
      presence.stop();
    });
    registerChatChannels(ctx.channels, roomsRepository, presence);
    ctx.realtime((on, rt) => chatRealtime(on, rt, roomsRepository));
    ctx.routes(chatRoutes, roomsRoutes, messagesRoutes);
  },
});

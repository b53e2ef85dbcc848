import { featureModule } from '../../platform/feature-module';
import { wireNotificationTriggers } from './notification-triggers';
import { notificationsRealtime } from './notifications.realtime';
import { NotificationsRepository } from './notifications.repository';
import { notificationsRoutes } from './notifications.routes';
import { NotificationsService } from './notifications.service';

/** notify(userId, kind, data), the list, reading; the notifications other features' events cause. */
export const notificationsModule = featureModule({
  name: 'notifications',
  register(ctx) {
    const { database, events } = ctx.platform;
    const notifications = new NotificationsService(
      new NotificationsRepository(database.db, database.dialect === 'postgres'),
      events,
    );
    const realtime = ctx.later('realtime');
    const ignores = ctx.later('ignores');
    wireNotificationTriggers({
      events,
      notifications,
      rooms: ctx.use('roomsRepository'),
      presentUserIds: (channel) => realtime().presentUserIds(channel),
      ignores: (userId, otherId) => ignores()(userId, otherId),
    });
    ctx.provide({ notifications });
    ctx.realtime(notificationsRealtime);
    ctx.routes(notificationsRoutes);
  },
});

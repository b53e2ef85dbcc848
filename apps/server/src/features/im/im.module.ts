import { featureModule } from '../../platform/feature-module';
import { RepeatGuard } from '../chat/repeat-guard';
import { imRealtime } from './im.realtime';
import { ImRepository } from './im.repository';
import { imRoutes } from './im.routes';
import { ImService } from './im.service';

/** Private messages: a channel per pair, read state, unread counts, pictures. */
export const imModule = featureModule({
  name: 'im',
  register(ctx) {
    const { config, database, redis, events, rateLimits, units } = ctx.platform;
    const im = new ImService(
      new ImRepository(database.db),
      ctx.use('users'),
      rateLimits,
      new RepeatGuard(redis, 30, 'im'),
      events,
      ctx.use('attachments'),
      config.rateLimits.messages,
      units,
    );
    ctx.provide({ im });
    // Pictures linked to a private message are seen by the two people of its channel only.
    ctx.attachmentKind('im', (viewerId, messageId) => im.canSeeMessage(viewerId, messageId));
    ctx.realtime(imRealtime);
    ctx.routes(imRoutes);
  },
});

import { featureModule } from '../../platform/feature-module';
import { ModerationLogRepository } from '../moderation/moderation-log.repository';
import { videoRealtime } from './video.realtime';
import { VideoRepository } from './video.repository';
import { videoRoutes } from './video.routes';
import { VideoService } from './video.service';

/** Video rooms (issue 25): each room's call and its signalling. */
export const videoModule = featureModule({
  name: 'video',
  register(ctx) {
    const { config, database, events, rateLimits, units } = ctx.platform;
    const calls = new VideoRepository(database.db);
    ctx.provide({
      video: new VideoService({
        calls,
        rooms: ctx.use('roomsRepository'),
        units,
        events,
        rateLimits,
        moderationLog: new ModerationLogRepository(database.db),
        config: config.video,
      }),
    });
    ctx.realtime(videoRealtime);
    ctx.routes(videoRoutes);
  },
});

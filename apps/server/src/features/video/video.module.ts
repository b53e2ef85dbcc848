import { roomChannel } from '@chat/shared';
import { featureModule } from '../../platform/feature-module';
import { ModerationLogRepository } from '../moderation/moderation-log.repository';
import { registerVideoDrop } from './video-drop';
import { CallEndings, listenForEndings } from './video-endings';
import { videoRealtime } from './video.realtime';
import { VideoRepository } from './video.repository';
import { videoRoutes } from './video.routes';
import { VideoService, watchersAllowed } from './video.service';

/** Video rooms (issue 25): each room's call, its signalling, and what ends it. */
export const videoModule = featureModule({
  name: 'video',
  register(ctx) {
    const { config, database, events, rateLimits, units, log } = ctx.platform;
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
    const realtime = ctx.later('realtime');
    const endings = new CallEndings({
      calls,
      units,
      presentNow: (roomId) => realtime().presentUserIds(roomChannel(roomId)),
      watchersAllowed,
      graceSeconds: config.video.reconnectGraceSeconds,
    });
    listenForEndings(events, endings, log);
    registerVideoDrop(ctx.jobs, endings);
    ctx.realtime(videoRealtime);
    ctx.routes(videoRoutes);
  },
});

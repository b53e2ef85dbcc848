import { ModerationLogRepository } from '../moderation/moderation-log.repository';
import type { ModuleContext } from '../../platform/feature-module';
import { CategoriesRepository } from './categories.repository';
import { forumCommunityRoutes } from './forum-moderation.routes';
import { ForumModerationService } from './forum-moderation.service';
import { wireForumNotifications } from './forum-notifications';
import { publicThread } from './forum-visibility.repository';
import { ForumWatchService } from './forum-watch.service';
import { ForumWatchesRepository } from './forum-watches.repository';
import { forumRealtime } from './forum.realtime';
import type { ForumServices } from './forum.services';

/**
 * The forum's community side, plugged into the forum module: thread moderation and its log,
 * decisions on posts from the queue, follows and their notifications, mentions, and the live
 * thread channel (`forum-thread.{id}`, public: nothing to register for who may listen, and
 * only what everyone may see is sent on it).
 */
export function registerForumCommunity(ctx: ModuleContext, forum: ForumServices) {
  const { database, units, events } = ctx.platform;
  const db = database.db;
  const watchesRepo = new ForumWatchesRepository(db);
  const moderation = new ForumModerationService({
    db,
    units,
    events,
    log: new ModerationLogRepository(db),
    threads: forum.threads,
    posts: forum.posts,
    categories: new CategoriesRepository(db),
    presentForEveryone: (post) => forum.reads.postOf(null, post),
  });
  const watches = new ForumWatchService(watchesRepo, forum.threads);

  ctx.use('moderation').content.useForum(moderation);
  events.on('forum.post.deleted', (event) => moderation.postDeleted(event));
  const notifications = ctx.use('notifications');
  wireForumNotifications({
    events,
    watches: watchesRepo,
    threads: forum.threads,
    posts: forum.posts,
    notify: (userId, kind, data) => notifications.notify(userId, kind, data),
  });
  ctx.realtime(
    forumRealtime({
      threadIsPublic: async (threadId) =>
        (await db
          .selectFrom('forum_threads')
          .select('id')
          .where('id', '=', threadId)
          .where(publicThread)
          .executeTakeFirst()) !== undefined,
      threadState: (threadId) => moderation.threadState(threadId),
    }),
  );
  ctx.routes(forumCommunityRoutes({ moderation, watches }));
  return { moderation, watches };
}

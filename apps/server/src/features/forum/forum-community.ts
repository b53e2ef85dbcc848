import { ModerationLogRepository } from '../moderation/moderation-log.repository';
import type { ModuleContext } from '../../platform/feature-module';
import { CategoriesRepository } from './categories.repository';
import { forumCommunityRoutes } from './forum-moderation.routes';
import { ForumModerationService } from './forum-moderation.service';
import { wireForumNotifications } from './forum-notifications';
import { FORUM_HIDDEN_STATUSES } from './forum-visibility.repository';
import { peopleChanged, threadChanged } from './guest-pages';
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
  // Whatever changes in a thread, visitors get rebuilt pages of it on every node at once.
  const { cacheBus } = ctx.platform;
  const changed = ({ thread }: { thread: { id: number } }) =>
    void threadChanged(cacheBus, thread.id);
  events.on('forum.post.stored', changed);
  events.on('forum.post.updated', changed);
  events.on('forum.post.deleted', changed);
  events.on('forum.thread.updated', changed);
  const someone = () => void peopleChanged(cacheBus);
  events.on('user.troll', someone);
  events.on('user.nick', someone);
  events.on('user.avatar', someone);
  events.on('user.frame', someone);
  events.on('user.deleted', someone);
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
      threadIsPublic: async (threadId, evenDeleted = false) => {
        const row = await db
          .selectFrom('forum_threads')
          .leftJoin('users', 'users.id', 'forum_threads.author_id')
          .select('users.is_troll')
          .where('forum_threads.id', '=', threadId)
          .where('forum_threads.held', '=', 0)
          .where('forum_threads.status', 'not in', FORUM_HIDDEN_STATUSES)
          .$if(!evenDeleted, (q) => q.where('forum_threads.deleted_at', 'is', null))
          .executeTakeFirst();
        return row !== undefined && row.is_troll !== 1;
      },
      isTroll: async (userId) =>
        (
          await db
            .selectFrom('users')
            .select('is_troll')
            .where('id', '=', userId)
            .executeTakeFirst()
        )?.is_troll === 1,
      threadState: (threadId) => moderation.threadState(threadId),
    }),
  );
  ctx.routes(forumCommunityRoutes({ moderation, watches }));
  return { moderation, watches };
}

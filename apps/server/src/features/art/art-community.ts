import { ModerationLogRepository } from '../moderation/moderation-log.repository';
import type { ModuleContext } from '../../platform/feature-module';
import { wireArtNotifications } from './art-notifications';
import { artRealtime } from './art.realtime';
import type { ArtServices } from './art.services';
import { galleriesChanged } from './kept-galleries';

/**
 * The art section's community side, plugged into its module: moderators' deletions into the
 * log, decisions from the queue heard by open post pages, grouped notifications to authors,
 * and the live post channel (`art-post.{id}`, public: only what everyone may see is sent).
 */
export function registerArtCommunity(ctx: ModuleContext, art: ArtServices): void {
  const { database, events, cacheBus } = ctx.platform;
  const log = new ModerationLogRepository(database.db);

  // Whatever a gallery shows changed: every node forgets its kept pages (kept-galleries.ts).
  const changed = () => void galleriesChanged(cacheBus);
  for (const name of [
    'art.post.stored',
    'art.post.updated',
    'art.post.deleted',
    'art.post.liked',
    'art.comment.stored',
    'art.comment.deleted',
    'user.troll',
    'user.nick',
    'user.avatar',
    'user.frame',
    'user.deleted',
  ] as const)
    events.on(name, changed);

  // A moderator deleting someone else's post or comment is logged (their own is not).
  events.on('art.post.deleted', async ({ postId, authorId, deletedBy }) => {
    if (authorId === deletedBy) return;
    const post = await art.posts.byId(postId);
    await log.record({
      actorId: deletedBy,
      action: 'art.delete_post',
      targetUserId: authorId,
      subjectType: 'art_post',
      subjectId: postId,
      data: { slug: post?.slug ?? null, title: post?.title ?? null },
    });
  });
  events.on('art.comment.deleted', async ({ commentId, postId, authorId, deletedBy }) => {
    if (deletedBy === null || authorId === deletedBy) return;
    await log.record({
      actorId: deletedBy,
      action: 'art.delete_comment',
      targetUserId: authorId,
      subjectType: 'art_comment',
      subjectId: commentId,
      data: { post_id: postId },
    });
  });

  // A comment refused from the queue leaves the open pages; one accepted again comes back.
  ctx.use('moderation').content.useArt({
    decided: async (subject, status) => {
      changed();
      if (subject.type !== 'art_comment') return;
      const row = await art.commentRows.byId(subject.id);
      if (!row || row.deleted_at !== null) return;
      if (status === 'refused' || status === 'updated')
        events.emit('art.comment.deleted', {
          commentId: row.id,
          postId: row.post_id,
          authorId: row.author_id,
          deletedBy: null,
        });
    },
  });

  const users = ctx.use('users');
  const notifications = ctx.use('notifications');
  wireArtNotifications({
    events,
    posts: art.posts,
    users,
    notifyGrouped: (userId, kind, same, merge) =>
      notifications.notifyGrouped(userId, kind, same, merge),
  });

  ctx.realtime(
    artRealtime({
      postIsPublic: (postId) => art.posts.listedForEveryone(postId),
      isTroll: async (userId) => (await users.findById(userId))?.is_troll === 1,
    }),
  );
}

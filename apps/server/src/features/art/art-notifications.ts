import { excerptOf } from '../content/markdown';
import type { DomainEvents } from '../../events/domain-events';
import { presentPublicUser } from '../users/user.presenter';
import type { UsersRepository } from '../users/users.repository';
import type { ArtPostsRepository } from './art-posts.repository';

export interface ArtNotificationDeps {
  events: DomainEvents;
  posts: Pick<ArtPostsRepository, 'byId'>;
  users: Pick<UsersRepository, 'findById' | 'ignoredBy'>;
  notifyGrouped(
    userId: number,
    kind: string,
    same: (data: Record<string, unknown>) => boolean,
    merge: (previous: Record<string, unknown> | null) => Record<string, unknown>,
  ): Promise<unknown>;
}

type ArtNotice = 'art_like' | 'art_comment';
/** The people a grouped notice remembers (the newest), so one person's likes count once. */
const TOLD_KEPT = 100;

/**
 * What a like and a comment tell the post's author: one `new` notification per post and kind
 * (`art_like`, `art_comment`) while it is unread, its `count` growing and `user` the latest
 * person ("5 people liked …"), sent again with the same id. Never oneself, never about someone
 * the author ignores, never about a troll (what a troll does reaches only troll seers), nor
 * about a comment only its writer and staff see. A like taken back leaves the notice as it is.
 */
export function wireArtNotifications(deps: ArtNotificationDeps): void {
  deps.events.on('art.post.liked', async ({ postId, userId, liked }) => {
    if (liked) await tell(deps, 'art_like', postId, userId, {});
  });
  deps.events.on('art.comment.stored', async ({ comment, postId, authorId, public: everyone }) => {
    if (everyone)
      await tell(deps, 'art_comment', postId, authorId, {
        comment_id: comment.id,
        text: excerptOf(comment.text),
      });
  });
}

async function tell(
  deps: ArtNotificationDeps,
  type: ArtNotice,
  postId: number,
  actorId: number,
  extra: Record<string, unknown>,
): Promise<void> {
  const post = await deps.posts.byId(postId);
  const ownerId = post?.author_id ?? null;
  if (!post || post.deleted_at !== null || ownerId === null || ownerId === actorId) return;
  const [actor, owner, ignoredByOwner] = await Promise.all([
    deps.users.findById(actorId),
    deps.users.findById(ownerId),
    deps.users.ignoredBy(ownerId),
  ]);
  if (!actor || actor.is_troll === 1 || !owner || owner.deleted_at !== null) return;
  if (ignoredByOwner.includes(actorId)) return;
  await deps.notifyGrouped(
    ownerId,
    'new',
    (data) => data.type === type && data.post_id === post.id,
    (previous) => {
      // Likes count people (a like taken back and given again is one); comments count comments.
      const told = Array.isArray(previous?.user_ids) ? (previous.user_ids as unknown[]) : [];
      const before = typeof previous?.count === 'number' ? previous.count : 0;
      const again = type === 'art_like' && told.includes(actor.id);
      return {
        type,
        post_id: post.id,
        post_slug: post.slug,
        post_title: post.title,
        count: again ? before : before + 1,
        user: presentPublicUser(actor),
        user_ids: [actor.id, ...told.filter((id) => id !== actor.id)].slice(0, TOLD_KEPT),
        ...extra,
      };
    },
  );
}

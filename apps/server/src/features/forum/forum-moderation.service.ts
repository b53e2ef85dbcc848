import type {
  ForumPost,
  ForumThreadUpdatedEvent,
  ModerateThreadBody,
  ModerationAction,
} from '@chat/shared';
import type { Kysely } from 'kysely';
import { canModerateThread, countsForEveryone, moderates } from '../../access/forum-post.policy';
import { viewerOf } from '../../access/viewer';
import type { ForumPostRow, ForumThreadRow } from '../../db/forum-schema';
import type { DB, UserRow } from '../../db/schema';
import type { Platform } from '../../platform/platform';
import type { DomainEvents, ForumThreadRef } from '../../events/domain-events';
import { forbidden, invalid, notFound } from '../../http/app-error';
import { nowIso } from '../../lib/clock';
import type { ModerationLogRepository } from '../moderation/moderation-log.repository';
import type { CategoriesRepository } from './categories.repository';
import { threadFacts } from './forum-facts';
import { ForumVisibilityRepository } from './forum-visibility.repository';
import type { PostsRepository } from './posts.repository';
import type { ThreadsRepository } from './threads.repository';

export const threadRef = (t: ForumThreadRow): ForumThreadRef => ({
  id: t.id,
  slug: t.slug,
  subject: t.subject,
  categoryId: t.category_id,
});

/** What the forum module hands this service besides its repositories. */
export interface ForumModerationDeps {
  db: Kysely<DB>;
  units: Platform['units'];
  events: DomainEvents;
  log: ModerationLogRepository;
  threads: ThreadsRepository;
  posts: PostsRepository;
  categories: CategoriesRepository;
  /** A post as every reader sees it (no abilities), as the forum's reads present it. */
  presentForEveryone(post: ForumPostRow): Promise<ForumPost>;
}

/**
 * Moderators' work on the forum: pin, lock, move, rename and delete threads (each change in the
 * moderation log, the counters of both categories counted again on a move), the log of their
 * deletions of others' posts, and what readers hear after a decision on a post in the queue.
 */
export class ForumModerationService {
  private readonly visibility = new ForumVisibilityRepository();

  constructor(private readonly deps: ForumModerationDeps) {}

  async moderate(
    user: UserRow,
    slug: string,
    body: ModerateThreadBody,
  ): Promise<ForumThreadUpdatedEvent> {
    const viewer = viewerOf(user);
    if (!moderates(viewer)) throw forbidden();
    const thread = await this.deps.threads.bySlug(slug);
    if (!thread) throw notFound();
    // Rank: a moderator leaves an admin's or another moderator's thread alone.
    if (!canModerateThread(viewer, threadFacts(thread))) throw forbidden();
    const target =
      body.category === undefined ? undefined : await this.deps.categories.bySlug(body.category);
    if (body.category !== undefined && !target)
      throw invalid({ category: ['forum.category_unknown'] });

    const changes: { action: ModerationAction; data: Record<string, unknown> }[] = [];
    const set: Partial<
      Pick<ForumThreadRow, 'pinned' | 'locked' | 'category_id' | 'subject' | 'deleted_at'>
    > = {};
    const flag = (
      value: boolean | undefined,
      now: number,
      on: ModerationAction,
      off: ModerationAction,
    ) => {
      if (value === undefined || (value ? 1 : 0) === now) return undefined;
      changes.push({ action: value ? on : off, data: {} });
      return value ? 1 : 0;
    };
    const pinned = flag(body.pinned, thread.pinned, 'forum.pin', 'forum.unpin');
    if (pinned !== undefined) set.pinned = pinned;
    const locked = flag(body.locked, thread.locked, 'forum.lock', 'forum.unlock');
    if (locked !== undefined) set.locked = locked;
    if (target && target.id !== thread.category_id) {
      set.category_id = target.id;
      changes.push({ action: 'forum.move', data: { from: thread.category_id, to: target.id } });
    }
    if (body.subject !== undefined && body.subject !== thread.subject) {
      set.subject = body.subject;
      changes.push({ action: 'forum.rename', data: { from: thread.subject, to: body.subject } });
    }
    const at = nowIso();
    if (body.deleted !== undefined && body.deleted !== (thread.deleted_at !== null)) {
      set.deleted_at = body.deleted ? at : null;
      changes.push({ action: body.deleted ? 'forum.delete' : 'forum.restore', data: {} });
    }

    await this.deps.units.run(async (tx) => {
      if (changes.length > 0) {
        await tx.db.updateTable('forum_threads').set(set).where('id', '=', thread.id).execute();
        // A move or a deletion changes what both categories count.
        if (set.category_id !== undefined || set.deleted_at !== undefined) {
          await this.visibility.recountCategory(tx.db, thread.category_id);
          if (set.category_id !== undefined)
            await this.visibility.recountCategory(tx.db, set.category_id);
        }
        for (const change of changes)
          await this.deps.log.record(
            {
              actorId: user.id,
              action: change.action,
              targetUserId: thread.author_id,
              subjectType: 'forum_thread',
              subjectId: thread.id,
              data: { slug: thread.slug, ...change.data },
            },
            tx.db,
          );
      }
      const fresh = (await this.deps.threads.byId(thread.id, tx.db))!;
      if (changes.length > 0)
        tx.emit('forum.thread.updated', {
          thread: threadRef(fresh),
          pinned: fresh.pinned === 1,
          locked: fresh.locked === 1,
          deleted: fresh.deleted_at !== null,
        });
    });
    return this.threadState(thread.id);
  }

  /** The thread as the moderate call answers it (and as Forum.ThreadUpdated carries it). */
  async threadState(threadId: number): Promise<ForumThreadUpdatedEvent> {
    const row = await this.deps.db
      .selectFrom('forum_threads')
      .innerJoin('forum_categories', 'forum_categories.id', 'forum_threads.category_id')
      .select([
        'forum_threads.id',
        'forum_threads.subject',
        'forum_threads.pinned',
        'forum_threads.locked',
        'forum_threads.deleted_at',
        'forum_categories.id as category_id',
        'forum_categories.slug as category_slug',
      ])
      .where('forum_threads.id', '=', threadId)
      .executeTakeFirstOrThrow();
    return {
      thread_id: row.id,
      subject: row.subject,
      pinned: row.pinned === 1,
      locked: row.locked === 1,
      deleted: row.deleted_at !== null,
      category: { id: row.category_id, slug: row.category_slug },
    };
  }

  /** A decision on a post in the queue committed: readers get it, or lose it. */
  async postDecided(postId: number): Promise<void> {
    const post = await this.deps.posts.byId(postId);
    const thread = post && (await this.deps.threads.byId(post.thread_id));
    if (!post || !thread) return;
    this.deps.events.emit('forum.post.updated', {
      post: await this.deps.presentForEveryone(post),
      thread: threadRef(thread),
      public: countsForEveryone(post),
    });
  }

  /** A moderator deleted someone else's post (the forum's DELETE): into the log. */
  async postDeleted(event: {
    postId: number;
    thread: ForumThreadRef;
    authorId: number | null;
    deletedBy: number;
  }): Promise<void> {
    if (event.authorId === event.deletedBy) return;
    await this.deps.log.record({
      actorId: event.deletedBy,
      action: 'forum.delete_post',
      targetUserId: event.authorId,
      subjectType: 'forum_post',
      subjectId: event.postId,
      data: { thread_id: event.thread.id, slug: event.thread.slug },
    });
  }
}

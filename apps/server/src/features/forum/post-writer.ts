import type { ForumPost } from '@chat/shared';
import { countsForEveryone } from '../../access/forum-post.policy';
import type { ForumCategoryRow } from '../../db/forum-schema';
import type { UnitTx } from '../../db/unit-of-work';
import type { JobPayloads } from '../jobs/job-queue';
import type { ContentSubmissions } from '../my/content-submissions';
import type { Attachments } from '../uploads/attachments.service';
import type { Platform } from '../../platform/platform';
import { nowIso } from '../../lib/clock';
import { freeSlug } from '../content/free-slug';
import type { CategoriesRepository } from './categories.repository';
import { mentionedIds } from './forum-mentions';
import { ForumVisibilityRepository } from './forum-visibility.repository';
import type { ForumReads } from './forum-read.service';
import { FORUM_POST_LINK, type PostsRepository, type PostWithAuthor } from './posts.repository';
import type { ReadsRepository } from './reads.repository';
import type { ThreadsRepository, ThreadWithAuthor } from './threads.repository';

type Tx = UnitTx<JobPayloads>;

/** A thread whose subject gives no Latin slug (only emoji, say) is `thread`, `thread-2`… */
const RESERVED_THREAD_FALLBACK = 'thread';
const refOf = (t: ThreadWithAuthor) => ({
  id: t.id,
  slug: t.slug,
  subject: t.subject,
  categoryId: t.category_id,
});

interface NewPost {
  authorId: number;
  text: string;
  html: string;
  clientId: string;
  attachmentIds: number[];
}

/**
 * The forum's writes, each one unit of work: the rows, moderation's verdict on the post
 * (contentSubmissions: `new`, maybe held), the counters of the thread and the category (public
 * posts only), the pictures' links, the author's read mark and the domain event, all in one
 * commit or none.
 */
export class PostWriter {
  private readonly visibility = new ForumVisibilityRepository();

  constructor(
    private readonly units: Platform['units'],
    private readonly categories: CategoriesRepository,
    private readonly threads: ThreadsRepository,
    private readonly posts: PostsRepository,
    private readonly reads: ReadsRepository,
    private readonly forumReads: ForumReads,
    private readonly submissions: () => ContentSubmissions,
    private readonly attachments: Attachments,
  ) {}

  /** A new thread and its first post; its id. */
  async thread(input: NewPost & { category: ForumCategoryRow; subject: string }): Promise<number> {
    return this.units.run(async (tx) => {
      const at = nowIso();
      const slug = await freeSlug(tx.db, 'forum_threads', input.subject, RESERVED_THREAD_FALLBACK);
      const threadId = await this.threads.insert(tx.db, {
        category_id: input.category.id,
        slug,
        subject: input.subject,
        author_id: input.authorId,
        last_posted_at: at,
        client_id: input.clientId,
        created_at: at,
      });
      const thread = (await this.threads.byId(threadId, tx.db))!;
      await this.store(tx, thread, input, 1, null, at);
      return threadId;
    });
  }

  /** A reply; its id. */
  async reply(
    input: NewPost & { thread: ThreadWithAuthor; replyToId: number | null },
  ): Promise<number> {
    return this.units.run(async (tx) => {
      await this.threads.lock(tx.db, input.thread.id);
      const number = await this.posts.nextNumber(tx.db, input.thread.id);
      return this.store(tx, input.thread, input, number, input.replyToId, nowIso());
    });
  }

  private async store(
    tx: Tx,
    thread: ThreadWithAuthor,
    input: NewPost,
    number: number,
    replyToId: number | null,
    at: string,
  ): Promise<number> {
    const postId = await this.posts.insert(tx.db, {
      thread_id: thread.id,
      number,
      author_id: input.authorId,
      text: input.text,
      html: input.html,
      reply_to_id: replyToId,
      client_id: input.clientId,
      created_at: at,
    });
    const review = await this.submissions().forumPostWritten(tx.db, {
      postId,
      threadId: thread.id,
      ownerId: input.authorId,
      isFirst: number === 1,
      at,
    });
    const counted = countsForEveryone({
      status: review.status,
      held: review.held ? 1 : 0,
      deleted_at: null,
    });
    await this.threads.posted(tx.db, thread.id, { id: postId, number, at, counted });
    // The category counts public posts of public threads (a new thread: its first post).
    const threadPublic =
      number === 1 ? counted : countsForEveryone({ ...thread, deleted_at: thread.deleted_at });
    if (counted && threadPublic)
      await this.categories.counted(tx.db, thread.category_id, {
        threads: number === 1 ? 1 : 0,
        posts: 1,
        lastPostId: postId,
        at,
      });
    await this.attachments.link(input.attachmentIds, FORUM_POST_LINK, postId, tx.db);
    // One's own post is read.
    await this.reads.forward(input.authorId, thread.id, number, at, tx.db);
    const post = (await this.posts.byId(postId, tx.db))!;
    const wire: ForumPost = await this.forumReads.postOf(null, post, tx.db);
    tx.emit('forum.post.stored', {
      post: wire,
      thread: refOf(thread),
      authorId: input.authorId,
      public: counted && threadPublic,
      mentions: await mentionedIds(tx.db, input.text, input.authorId),
    });
    return postId;
  }

  async edit(input: {
    post: PostWithAuthor;
    thread: ThreadWithAuthor;
    text: string;
    html: string;
    attachmentIds: number[] | undefined;
  }): Promise<void> {
    const { post, thread } = input;
    await this.units.run(async (tx) => {
      const at = nowIso();
      await this.posts.edit(tx.db, post, { text: input.text, html: input.html, at });
      if (input.attachmentIds !== undefined) {
        await this.posts.unlinkAttachments(tx.db, post.id);
        await this.attachments.link(input.attachmentIds, FORUM_POST_LINK, post.id, tx.db);
      }
      const review = await this.submissions().forumPostEdited(tx.db, {
        postId: post.id,
        threadId: thread.id,
        ownerId: post.author_id ?? 0,
        isFirst: post.number === 1,
        at,
      });
      const fresh = (await this.posts.byId(post.id, tx.db))!;
      tx.emit('forum.post.updated', {
        post: await this.forumReads.postOf(null, fresh, tx.db),
        thread: refOf(thread),
        public: countsForEveryone({
          status: review.status,
          held: review.held ? 1 : 0,
          deleted_at: null,
        }),
      });
    });
  }

  /** A post deleted; the first post takes its (unanswered) thread along. */
  async remove(input: { post: PostWithAuthor; thread: ThreadWithAuthor; by: number }) {
    const { post, thread } = input;
    await this.units.run(async (tx) => {
      const at = nowIso();
      await this.posts.markDeleted(tx.db, post.id, input.by, at);
      if (post.number === 1) await this.threads.markDeleted(tx.db, thread.id, at);
      await this.visibility.recountAround(tx.db, thread.id);
      tx.emit('forum.post.deleted', {
        postId: post.id,
        thread: refOf(thread),
        authorId: post.author_id,
        deletedBy: input.by,
      });
    });
  }
}

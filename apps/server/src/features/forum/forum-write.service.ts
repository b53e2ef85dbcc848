import type {
  CreatePostBody,
  CreateThreadBody,
  EditPostBody,
  ForumPost,
  ForumThread,
  Locale,
} from '@chat/shared';
import * as policy from '../../access/forum-post.policy';
import type { Viewer } from '../../access/viewer';
import { forbidden, invalid, notFound } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { isUniqueViolation } from '../../lib/db-errors';
import { Once } from '../../lib/once';
import type { CatalogService } from '../catalog/catalog.service';
import { renderMarkdown } from '../content/markdown';
import type { Attachments } from '../uploads/attachments.service';
import type { CategoriesRepository } from './categories.repository';
import { postFacts, threadFacts } from './forum-facts';
import type { ForumReads } from './forum-read.service';
import type { PostWriter } from './post-writer';
import type { PostsRepository } from './posts.repository';
import type { ThreadsRepository } from './threads.repository';

/** Threads and replies together, per author: a burst beyond it is 429, nothing half-stored. */
export const FORUM_POST_RULE: RateLimitRule = {
  name: 'forum-post',
  points: 10,
  durationSeconds: 60,
};
export const FORUM_PREVIEW_RULE: RateLimitRule = {
  name: 'forum-preview',
  points: 60,
  durationSeconds: 60,
};

/**
 * The forum's writes: new threads, replies, edits, deletions, previews. The rules are here,
 * who may is access/forum-post.policy.ts, the statements and their unit are post-writer.ts.
 * A client_id makes a send idempotent: twins on this node wait for the first, twins elsewhere
 * meet the unique constraint and read the first back.
 */
export class ForumWriteService {
  private readonly once = new Once();

  constructor(
    private readonly categories: CategoriesRepository,
    private readonly threads: ThreadsRepository,
    private readonly posts: PostsRepository,
    private readonly writer: PostWriter,
    private readonly reads: ForumReads,
    private readonly catalog: Pick<CatalogService, 'smileysByTag'>,
    private readonly attachments: Attachments,
    private readonly rateLimits: RateLimits,
  ) {}

  /** The HTML a text gets when stored: the live preview shows exactly this. */
  async render(text: string): Promise<string> {
    return renderMarkdown(text, { smileys: await this.catalog.smileysByTag() });
  }

  async preview(viewer: Viewer, text: string): Promise<string> {
    await this.rateLimits.hit(FORUM_PREVIEW_RULE, String(viewer.id));
    return this.render(text);
  }

  createThread(
    viewer: Viewer,
    locale: Locale,
    categorySlug: string,
    body: CreateThreadBody,
  ): Promise<{ thread: ForumThread; replay: boolean }> {
    return this.once.run(`t:${viewer.id}:${body.client_id}`, () =>
      this.startThread(viewer, locale, categorySlug, body),
    );
  }

  private async startThread(
    viewer: Viewer,
    locale: Locale,
    categorySlug: string,
    body: CreateThreadBody,
  ): Promise<{ thread: ForumThread; replay: boolean }> {
    const authorId = viewer.id!;
    const earlier = await this.threads.byClientId(authorId, body.client_id);
    if (earlier)
      return { thread: await this.reads.threadOf(viewer, locale, earlier), replay: true };
    const category = await this.categories.bySlug(categorySlug);
    if (!category) throw notFound();
    if (!policy.canStart(viewer, category)) throw forbidden();
    await this.rateLimits.hit(FORUM_POST_RULE, String(authorId));
    const [html, attachments] = await Promise.all([
      this.render(body.text),
      this.attachments.claim(authorId, body.attachments, { publicChat: true }),
    ]);
    try {
      const threadId = await this.writer.thread({
        category,
        authorId,
        subject: body.subject,
        text: body.text,
        html,
        clientId: body.client_id,
        attachmentIds: attachments.map((a) => a.id),
      });
      const thread = await this.threads.byId(threadId);
      return { thread: await this.reads.threadOf(viewer, locale, thread!), replay: false };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const first = await this.threads.byClientId(authorId, body.client_id);
      if (!first) throw error;
      await this.rateLimits.refund(FORUM_POST_RULE, String(authorId));
      return { thread: await this.reads.threadOf(viewer, locale, first), replay: true };
    }
  }

  reply(
    viewer: Viewer,
    threadSlug: string,
    body: CreatePostBody,
  ): Promise<{ post: ForumPost; replay: boolean }> {
    return this.once.run(`p:${viewer.id}:${body.client_id}`, () =>
      this.storeReply(viewer, threadSlug, body),
    );
  }

  private async storeReply(
    viewer: Viewer,
    threadSlug: string,
    body: CreatePostBody,
  ): Promise<{ post: ForumPost; replay: boolean }> {
    const authorId = viewer.id!;
    const thread = await this.threads.bySlug(threadSlug);
    if (!thread || !policy.canSeeThread(viewer, threadFacts(thread))) throw notFound();
    const earlier = await this.posts.byClientId(authorId, body.client_id);
    if (earlier) {
      if (earlier.thread_id !== thread.id) throw invalid({ client_id: ['invalid_value'] });
      return { post: await this.reads.postOf(viewer, earlier), replay: true };
    }
    if (thread.deleted_at !== null) throw notFound();
    if (!policy.canReply(viewer, threadFacts(thread)))
      throw thread.locked === 1 ? forbidden('forum.locked') : forbidden();
    if (body.reply_to !== undefined) {
      const answered = await this.posts.byId(body.reply_to);
      if (
        !answered ||
        answered.thread_id !== thread.id ||
        !policy.canSee(viewer, postFacts(answered), threadFacts(thread))
      )
        throw invalid({ reply_to: ['invalid_value'] });
    }
    await this.rateLimits.hit(FORUM_POST_RULE, String(authorId));
    const [html, attachments] = await Promise.all([
      this.render(body.text),
      this.attachments.claim(authorId, body.attachments, { publicChat: true }),
    ]);
    try {
      const postId = await this.writer.reply({
        thread,
        authorId,
        text: body.text,
        html,
        replyToId: body.reply_to ?? null,
        clientId: body.client_id,
        attachmentIds: attachments.map((a) => a.id),
      });
      const post = await this.posts.byId(postId);
      return { post: await this.reads.postOf(viewer, post!), replay: false };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const first = await this.posts.byClientId(authorId, body.client_id);
      if (!first) throw error;
      await this.rateLimits.refund(FORUM_POST_RULE, String(authorId));
      return { post: await this.reads.postOf(viewer, first), replay: true };
    }
  }

  async edit(viewer: Viewer, postId: number, body: EditPostBody): Promise<ForumPost> {
    const { post, thread } = await this.find(viewer, postId);
    if (!policy.can(viewer, 'edit', postFacts(post), threadFacts(thread))) {
      const own = viewer.id !== null && post.author_id === viewer.id;
      throw own && !policy.withinEditWindow(post) ? forbidden('forum.edit_window') : forbidden();
    }
    // Staff editing someone's post keep or drop its pictures, never add another upload of the
    // author's (a picture sent in a private message would become public).
    if (body.attachments !== undefined && post.author_id !== viewer.id) {
      const onPost = new Set(
        ((await this.posts.attachments([post.id])).get(post.id) ?? []).map((a) => a.id),
      );
      if (body.attachments.some((id) => !onPost.has(id)))
        throw invalid({ attachments: ['attachments.invalid'] });
    }
    const [html, attachments] = await Promise.all([
      this.render(body.text),
      body.attachments === undefined
        ? Promise.resolve(undefined)
        : this.attachments.claim(post.author_id ?? 0, body.attachments, { publicChat: true }),
    ]);
    await this.writer.edit({
      post,
      thread,
      text: body.text,
      html,
      attachmentIds: attachments?.map((a) => a.id),
    });
    return this.reads.postOf(viewer, (await this.posts.byId(postId))!);
  }

  async remove(viewer: Viewer, postId: number): Promise<void> {
    const { post, thread } = await this.find(viewer, postId);
    const hasReplies = post.number === 1 && (await this.posts.hasReplies(thread.id));
    if (!policy.can(viewer, 'delete', postFacts(post, hasReplies), threadFacts(thread)))
      throw forbidden();
    await this.writer.remove({ post, thread, by: viewer.id! });
  }

  /** The post and its thread, when the viewer may see them (404 otherwise). */
  async find(viewer: Viewer, postId: number) {
    const post = await this.posts.byId(postId);
    const thread = post && (await this.threads.byId(post.thread_id));
    if (!post || !thread || !policy.canSee(viewer, postFacts(post), threadFacts(thread)))
      throw notFound();
    return { post, thread };
  }
}

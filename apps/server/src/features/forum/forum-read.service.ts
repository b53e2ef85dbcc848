import {
  FORUM_POSTS_PER_PAGE,
  type ForumCategory,
  type ForumCategoryPage,
  type ForumPost,
  type ForumThread,
  type ForumThreadPage,
  type ForumThreadSort,
  type Locale,
  type MessageEdit,
} from '@chat/shared';
import type { Kysely } from 'kysely';
import * as policy from '../../access/forum-post.policy';
import type { Viewer } from '../../access/viewer';
import type { ForumCategoryRow, ForumPostRow, ForumThreadRow } from '../../db/forum-schema';
import type { DB } from '../../db/schema';
import { forbidden, notFound } from '../../http/app-error';
import { BoundedCache } from '../../lib/cache/bounded-cache';
import type { InvalidationBus } from '../../lib/cache/invalidation-bus';
import { nowIso } from '../../lib/clock';
import type { CategoriesRepository } from './categories.repository';
import type { ForumParts } from './forum-parts';
import { GuestPages } from './guest-pages';
import { presentCategory, presentPost, presentThread } from './forum.presenter';
import { postFacts, threadFacts } from './forum-facts';
import type { PostsRepository } from './posts.repository';
import type { ReadsRepository } from './reads.repository';
import type { ThreadsRepository, ThreadWithAuthor } from './threads.repository';
import type { ViewCounter } from './view-counter';

/**
 * A visitor's page this deep is cut from the whole listing of the thread or category, kept as
 * the pages are (guest-pages.ts): reaching it otherwise walks every index entry before it, on
 * each page's first visit after a change. Shallower pages walk their few entries.
 */
export const GUEST_LISTING_FROM = 1000;
/** Listings kept at once (a category's is up to one id per thread). */
const GUEST_LISTINGS = 64;
const THREAD_SLUGS_KEPT = 20_000;
const SLUG_TTL_MS = 60 * 60 * 1000;

const pageMeta = (page: number, perPage: number, total: number) => ({
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / perPage)),
  per_page: perPage,
  total,
});

/** Reading the forum: the categories, a category's threads, a thread's posts, the latest. */
export class ForumReads {
  /** Pages as visitors who are not signed in read them (guest-pages.ts). */
  private readonly guestThreadPages: GuestPages<ForumThreadPage>;
  private readonly guestCategoryPages: GuestPages<ForumCategoryPage>;
  private readonly guestListings: GuestPages<number[]>;
  /**
   * Thread slugs seen, to their ids: a slug is made once and never changes, so a visitor's kept
   * page is found without reading the thread (a change to it has already forgotten the page).
   */
  private readonly threadIds = new BoundedCache<string, number>(THREAD_SLUGS_KEPT, SLUG_TTL_MS);

  constructor(
    private readonly categories: CategoriesRepository,
    private readonly threads: ThreadsRepository,
    private readonly posts: PostsRepository,
    private readonly reads: ReadsRepository,
    private readonly parts: ForumParts,
    private readonly views: ViewCounter,
    private readonly watching: (userId: number, threadId: number) => Promise<boolean>,
    cacheBus: InvalidationBus,
  ) {
    this.guestThreadPages = new GuestPages(cacheBus);
    this.guestCategoryPages = new GuestPages(cacheBus);
    this.guestListings = new GuestPages(cacheBus, GUEST_LISTINGS);
  }

  async categoryList(viewer: Viewer, locale: Locale): Promise<ForumCategory[]> {
    const rows = await this.categories.all();
    const parts = await this.parts.lastPosts(
      viewer,
      rows.map((c) => c.last_post_id),
    );
    return rows.map((c) => presentCategory(c, locale, parts, policy.canStart(viewer, c)));
  }

  async categoryPage(
    viewer: Viewer,
    locale: Locale,
    slug: string,
    q: { page: number; perPage: number; sort: ForumThreadSort },
  ): Promise<ForumCategoryPage> {
    const category = await this.categories.bySlug(slug);
    if (!category) throw notFound();
    if (viewer.id !== null) return this.buildCategoryPage(viewer, locale, category, q);
    const key = this.guestCategoryPages.categoryKey(category.id, locale, q.sort, q.perPage, q.page);
    return this.guestCategoryPages.page(key, () =>
      this.buildCategoryPage(viewer, locale, category, q),
    );
  }

  private async buildCategoryPage(
    viewer: Viewer,
    locale: Locale,
    category: ForumCategoryRow,
    q: { page: number; perPage: number; sort: ForumThreadSort },
  ): Promise<ForumCategoryPage> {
    const offset = (q.page - 1) * q.perPage;
    const { rows, total } = await this.categoryRows(category, viewer, q.sort, q.perPage, offset);
    const [parts, forCategory] = await Promise.all([
      this.parts.lastPosts(
        viewer,
        rows.map((t) => t.last_post_id),
        rows.map((t) => t.author_id),
      ),
      this.parts.lastPosts(viewer, [category.last_post_id]),
    ]);
    const readers = await this.readersOf(viewer, rows);
    return {
      category: presentCategory(category, locale, forCategory, policy.canStart(viewer, category)),
      data: rows.map((t) => presentThread(t, category, locale, parts, readers(t))),
      meta: pageMeta(q.page, q.perPage, total),
    };
  }

  private async categoryRows(
    category: ForumCategoryRow,
    viewer: Viewer,
    sort: ForumThreadSort,
    limit: number,
    offset: number,
  ) {
    if (viewer.id !== null || offset < GUEST_LISTING_FROM)
      return this.threads.page(category, viewer, sort, limit, offset);
    const ids = await this.guestListings.page(
      this.guestListings.categoryKey(category.id, 'listing', sort),
      () => this.threads.allListedIds(category.id, viewer, sort),
    );
    return {
      rows: await this.threads.rowsOf(ids.slice(offset, offset + limit)),
      total: ids.length,
    };
  }

  private async threadRows(
    thread: ThreadWithAuthor,
    viewer: Viewer,
    limit: number,
    offset: number,
  ) {
    if (viewer.id !== null || offset < GUEST_LISTING_FROM)
      return Promise.all([
        this.posts.page(thread.id, viewer, limit, offset),
        this.posts.totalListed(thread, viewer),
      ]);
    const ids = await this.guestListings.page(
      this.guestListings.threadKey(thread.id, 'listing'),
      () => this.posts.allListedIds(thread.id, viewer),
    );
    return [await this.posts.rowsOf(ids.slice(offset, offset + limit)), ids.length] as const;
  }

  /** `unread`/`is_new` of each thread for a signed-in reader (nothing for others). */
  private async readersOf(viewer: Viewer, rows: readonly ForumThreadRow[]) {
    if (viewer.id === null) return () => ({ unread: 0, isNew: false });
    const marks = await this.reads.marks(
      viewer.id,
      rows.map((t) => t.id),
    );
    const unread = await this.posts.unreadCounts(viewer, marks);
    return (t: ForumThreadRow) =>
      marks.has(t.id)
        ? { unread: unread.get(t.id) ?? 0, isNew: false }
        : { unread: t.posts_count, isNew: true };
  }

  /** The newest threads everyone may see (the home page's; cached by the caller). */
  async latest(locale: Locale, limit: number, viewer: Viewer): Promise<ForumThread[]> {
    const rows = await this.threads.latest(viewer, limit);
    const categories = new Map(
      (await this.categories.byIds([...new Set(rows.map((t) => t.category_id))])).map((c) => [
        c.id,
        c,
      ]),
    );
    const parts = await this.parts.lastPosts(
      viewer,
      rows.map((t) => t.last_post_id),
      rows.map((t) => t.author_id),
    );
    return rows.map((t) =>
      presentThread(t, categories.get(t.category_id)!, locale, parts, { unread: 0, isNew: false }),
    );
  }

  /** One thread as lists show it, for this viewer (a new thread's answer). */
  async threadOf(viewer: Viewer, locale: Locale, thread: ForumThreadRow): Promise<ForumThread> {
    const [category] = await this.categories.byIds([thread.category_id]);
    const parts = await this.parts.lastPosts(viewer, [thread.last_post_id], [thread.author_id]);
    const readers = await this.readersOf(viewer, [thread]);
    return presentThread(thread, category!, locale, parts, readers(thread));
  }

  /** One post for this viewer (with abilities), or as every reader gets it (viewer null). */
  async postOf(viewer: Viewer | null, post: ForumPostRow, db?: Kysely<DB>): Promise<ForumPost> {
    const parts = await this.parts.ofPosts([post], db);
    if (!viewer) return presentPost(post, parts);
    const thread = (await this.threads.byId(post.thread_id, db))!;
    const author = parts.users.get(post.author_id ?? 0);
    const full = {
      ...post,
      author_is_troll: author?.is_troll ?? 0,
      author_role: author?.role ?? null,
    };
    return presentPost(post, parts, policy.abilities(viewer, postFacts(full), threadFacts(thread)));
  }

  /**
   * A page of a thread: `?post=` opens the page holding it, `?page=` that page, neither the
   * page of the signed-in reader's first unread post. Reading moves the read mark forward and
   * counts a view (once per reader and visit; views.ts).
   */
  async threadPage(
    viewer: Viewer,
    locale: Locale,
    slug: string,
    q: { page?: number; post?: number; visitor: string },
  ): Promise<ForumThreadPage> {
    if (viewer.id === null && q.post === undefined) {
      const kept = await this.keptThreadPage(slug, locale, q.page ?? 1, q.visitor);
      if (kept) return kept;
    }
    const thread = await this.threads.bySlug(slug);
    if (!thread || !policy.canSeeThread(viewer, threadFacts(thread))) throw notFound();
    if (viewer.id === null) this.threadIds.set(slug, thread.id);
    const mark = viewer.id === null ? null : await this.reads.mark(viewer.id, thread.id);
    const firstUnread =
      viewer.id === null
        ? undefined
        : await this.posts.firstListedAfter(thread.id, viewer, mark ?? 0);
    const page = q.page ?? (await this.pageOf(viewer, thread, q.post, firstUnread));
    if (viewer.id === null) {
      const key = this.guestThreadPages.threadKey(thread.id, locale, page);
      const kept = await this.guestThreadPages.page(key, () =>
        this.buildThreadPage(viewer, locale, thread, page, undefined),
      );
      await this.countView(q.visitor, thread.id);
      // The kept page as it is (encoded once: http/presented-as-is.ts), its views count too.
      return kept;
    }
    const built = await this.buildThreadPage(viewer, locale, thread, page, firstUnread);
    await this.sawPage(viewer.id, thread, built.data.at(-1)?.number, mark);
    return built;
  }

  /**
   * A visitor's kept page of the thread, found with no query: it was built while the thread
   * was public, and any change to the thread since has forgotten it (guest-pages.ts).
   */
  private async keptThreadPage(slug: string, locale: Locale, page: number, visitor: string) {
    const threadId = this.threadIds.get(slug);
    if (threadId === undefined) return undefined;
    const kept = this.guestThreadPages.kept(
      this.guestThreadPages.threadKey(threadId, locale, page),
    );
    if (kept) await this.countView(visitor, threadId);
    return kept;
  }

  private async buildThreadPage(
    viewer: Viewer,
    locale: Locale,
    thread: ThreadWithAuthor,
    page: number,
    firstUnread: ForumPostRow | undefined,
  ): Promise<ForumThreadPage> {
    const perPage = FORUM_POSTS_PER_PAGE;
    const [rows, total] = await this.threadRows(thread, viewer, perPage, (page - 1) * perPage);
    const parts = await this.parts.ofPosts(rows);
    const facts = threadFacts(thread);
    const data = rows.map((p) =>
      presentPost(p, parts, policy.abilities(viewer, postFacts(p), facts)),
    );
    const listed = await this.threadOf(viewer, locale, thread);
    return {
      thread: {
        ...listed,
        watching: viewer.id !== null && (await this.watching(viewer.id, thread.id)),
        abilities: {
          reply: policy.canReply(viewer, facts),
          moderate: policy.moderates(viewer),
          watch: viewer.registered,
        },
        first_unread_post_id: viewer.id === null ? null : (firstUnread?.id ?? null),
      },
      data,
      meta: pageMeta(page, perPage, total),
    };
  }

  private async pageOf(
    viewer: Viewer,
    thread: ThreadWithAuthor,
    postId: number | undefined,
    firstUnread: ForumPostRow | undefined,
  ): Promise<number> {
    let target: ForumPostRow | undefined = firstUnread;
    if (postId !== undefined) {
      const post = await this.posts.byId(postId);
      if (
        !post ||
        post.thread_id !== thread.id ||
        !policy.canSee(viewer, postFacts(post), threadFacts(thread)) ||
        post.deleted_at !== null
      )
        throw notFound();
      target = post;
    }
    if (!target) return 1;
    const before = await this.posts.countListed(thread.id, viewer, target.number);
    return Math.floor(before / FORUM_POSTS_PER_PAGE) + 1;
  }

  /** The read mark moves forward; a view counts when it moves, or once per reader's visit. */
  private async sawPage(
    userId: number,
    thread: ForumThreadRow,
    lastOnPage: number | undefined,
    mark: number | null,
  ) {
    if (lastOnPage !== undefined && lastOnPage > (mark ?? 0)) {
      const moved = await this.reads.forward(userId, thread.id, lastOnPage, nowIso());
      if (moved) await this.countView(`u${userId}`, thread.id);
      return;
    }
    await this.countView(`u${userId}`, thread.id);
  }

  /** A view of the thread, once per reader and visit (view-counter.ts). */
  private async countView(reader: string, threadId: number) {
    if (this.views.fresh(reader, threadId)) await this.threads.addView(threadId);
  }

  /** A post's earlier texts, first first (moderators). */
  async edits(viewer: Viewer, postId: number): Promise<MessageEdit[]> {
    if (!policy.moderates(viewer)) throw forbidden();
    const post = await this.posts.byId(postId);
    if (!post) throw notFound();
    return (await this.posts.edits(postId)).map((e) => ({
      text: e.text,
      written_at: e.written_at,
      replaced_at: e.replaced_at,
    }));
  }
}

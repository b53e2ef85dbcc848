import type { ForumThread, Locale } from '@chat/shared';
import { ANONYMOUS } from '../../access/viewer';
import type { ModuleContext } from '../../platform/feature-module';
import { CategoriesRepository } from './categories.repository';
import { ForumParts } from './forum-parts';
import { ForumReactionsRepository } from './forum-reactions.repository';
import { ForumReactionsService } from './forum-reactions.service';
import { ForumReads } from './forum-read.service';
import { ForumWriteService } from './forum-write.service';
import { PostWriter } from './post-writer';
import { PostsRepository } from './posts.repository';
import { ReadsRepository } from './reads.repository';
import { ThreadsRepository } from './threads.repository';
import { ViewCounter } from './view-counter';

/** The home page asks on every visit; a few seconds old is fresh enough for "latest threads". */
export const FORUM_LATEST_CACHE_MS = 5_000;

/** The forum's services as routes reach them (`app.deps.forum`). */
export class ForumServices {
  private readonly latestCache = new Map<string, { until: number; list: Promise<ForumThread[]> }>();

  constructor(
    readonly reads: ForumReads,
    readonly write: ForumWriteService,
    readonly reactions: ForumReactionsService,
    readonly posts: PostsRepository,
    readonly threads: ThreadsRepository,
  ) {}

  /** One answer for every visitor (as nobody in particular sees the forum), per language. */
  latest(locale: Locale, limit: number): Promise<ForumThread[]> {
    const key = `${locale}:${limit}`;
    const now = Date.now();
    const cached = this.latestCache.get(key);
    if (cached && cached.until > now) return cached.list;
    const list = this.reads.latest(locale, limit, ANONYMOUS);
    const entry = { until: now + FORUM_LATEST_CACHE_MS, list };
    this.latestCache.set(key, entry);
    list.catch(() => {
      if (this.latestCache.get(key) === entry) this.latestCache.delete(key);
    });
    return list;
  }
}

export function buildForumServices(ctx: ModuleContext): ForumServices {
  const { database, units, rateLimits } = ctx.platform;
  const db = database.db;
  const categories = new CategoriesRepository(db);
  const threads = new ThreadsRepository(db);
  const posts = new PostsRepository(db);
  const readsRepo = new ReadsRepository(db);
  const reactionsRepo = new ForumReactionsRepository(db);
  const parts = new ForumParts(posts, threads, reactionsRepo, ctx.use('users'));
  const watching = async (userId: number, threadId: number) =>
    (await db
      .selectFrom('forum_watches')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('thread_id', '=', threadId)
      .executeTakeFirst()) !== undefined;
  const reads = new ForumReads(
    categories,
    threads,
    posts,
    readsRepo,
    parts,
    new ViewCounter(),
    watching,
  );
  const attachments = ctx.use('attachments');
  const writer = new PostWriter(
    units,
    categories,
    threads,
    posts,
    readsRepo,
    reads,
    ctx.later('contentSubmissions'),
    attachments,
  );
  const write = new ForumWriteService(
    categories,
    threads,
    posts,
    writer,
    reads,
    ctx.use('catalog'),
    attachments,
    rateLimits,
  );
  const reactions = new ForumReactionsService(reactionsRepo, write, rateLimits);
  return new ForumServices(reads, write, reactions, posts, threads);
}

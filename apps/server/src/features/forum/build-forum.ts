import type { ModuleContext } from '../../platform/feature-module';
import { CategoriesRepository } from './categories.repository';
import { ForumParts } from './forum-parts';
import { ForumReactionsRepository } from './forum-reactions.repository';
import { ForumReactionsService } from './forum-reactions.service';
import { ForumReads } from './forum-read.service';
import { ForumWatchesRepository } from './forum-watches.repository';
import { ForumWriteService } from './forum-write.service';
import { threadChanged } from './guest-pages';
import { ForumServices } from './forum.services';
import { PostWriter } from './post-writer';
import { PostsRepository } from './posts.repository';
import { ReadsRepository } from './reads.repository';
import { ThreadsRepository } from './threads.repository';
import { ViewCounter } from './view-counter';

/**
 * Builds the forum's services for its module. Apart from forum.services.ts, whose type deps.ts
 * reads: the builder needs the module context, which itself reads deps.ts.
 */
export function buildForumServices(ctx: ModuleContext): ForumServices {
  const { database, units, rateLimits } = ctx.platform;
  const db = database.db;
  const categories = new CategoriesRepository(db);
  const threads = new ThreadsRepository(db);
  const posts = new PostsRepository(db);
  const readsRepo = new ReadsRepository(db);
  const reactionsRepo = new ForumReactionsRepository(db);
  const parts = new ForumParts(posts, threads, reactionsRepo, ctx.use('users'));
  const watches = new ForumWatchesRepository(db);
  const watching = (userId: number, threadId: number) => watches.watching(userId, threadId);
  const reads = new ForumReads(
    categories,
    threads,
    posts,
    readsRepo,
    parts,
    new ViewCounter(),
    watching,
    ctx.platform.cacheBus,
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
  const reactions = new ForumReactionsService(reactionsRepo, write, rateLimits, (threadId) =>
    threadChanged(ctx.platform.cacheBus, threadId),
  );
  return new ForumServices(reads, write, reactions, posts, threads);
}

import type { ForumThread, Locale } from '@chat/shared';
import { ANONYMOUS } from '../../access/viewer';
import type { ForumReactionsService } from './forum-reactions.service';
import type { ForumReads } from './forum-read.service';
import type { ForumWriteService } from './forum-write.service';
import type { PostsRepository } from './posts.repository';
import type { ThreadsRepository } from './threads.repository';

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

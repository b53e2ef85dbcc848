import { canSeeThread } from '../../access/forum-post.policy';
import { viewerOf } from '../../access/viewer';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { nowIso } from '../../lib/clock';
import { threadFacts } from './forum-facts';
import type { ForumWatchesRepository } from './forum-watches.repository';
import type { ThreadsRepository } from './threads.repository';

/** Following a thread: a `new` notification per thread when others reply (forum-notifications.ts). */
export class ForumWatchService {
  constructor(
    private readonly watches: ForumWatchesRepository,
    private readonly threads: ThreadsRepository,
  ) {}

  async watch(user: UserRow, slug: string): Promise<{ watching: boolean }> {
    const thread = await this.visible(user, slug);
    await this.watches.watch(user.id, thread.id, nowIso());
    return { watching: true };
  }

  async unwatch(user: UserRow, slug: string): Promise<{ watching: boolean }> {
    const thread = await this.visible(user, slug);
    await this.watches.unwatch(user.id, thread.id);
    return { watching: false };
  }

  /** Whether the user follows the thread (the thread page's `watching`). */
  watching(userId: number, threadId: number): Promise<boolean> {
    return this.watches.watching(userId, threadId);
  }

  /** A thread the user may see, alive; else 404 as if it did not exist. */
  private async visible(user: UserRow, slug: string) {
    const thread = await this.threads.bySlug(slug);
    if (!thread || thread.deleted_at !== null || !canSeeThread(viewerOf(user), threadFacts(thread)))
      throw notFound();
    return thread;
  }
}

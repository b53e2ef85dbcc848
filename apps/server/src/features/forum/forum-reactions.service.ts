import type { Reaction } from '@chat/shared';
import * as policy from '../../access/forum-post.policy';
import type { Viewer } from '../../access/viewer';
import { forbidden } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import { postFacts, threadFacts } from './forum-facts';
import type { ForumReactionsRepository } from './forum-reactions.repository';
import type { ForumWriteService } from './forum-write.service';

/** The chat's reaction limit, for forum posts. */
const RULE: RateLimitRule = { name: 'forum-reaction', points: 30, durationSeconds: 10 };

/** Reactions on forum posts: one of each kind per user (the chat's rule). */
export class ForumReactionsService {
  constructor(
    private readonly reactions: ForumReactionsRepository,
    private readonly write: Pick<ForumWriteService, 'find'>,
    private readonly rateLimits: RateLimits,
    /** A reaction changes the thread's pages as visitors see them (guest-pages.ts). */
    private readonly changed: (threadId: number) => Promise<void>,
  ) {}

  async add(viewer: Viewer, postId: number, reaction: Reaction): Promise<void> {
    const threadId = await this.check(viewer, postId);
    await this.rateLimits.hit(RULE, String(viewer.id));
    if (await this.reactions.add(postId, viewer.id!, reaction, nowIso()))
      await this.changed(threadId);
  }

  async remove(viewer: Viewer, postId: number, reaction: Reaction): Promise<void> {
    const threadId = await this.check(viewer, postId);
    if (await this.reactions.remove(postId, viewer.id!, reaction)) await this.changed(threadId);
  }

  /** The post's thread, when the viewer may react to the post. */
  private async check(viewer: Viewer, postId: number): Promise<number> {
    const { post, thread } = await this.write.find(viewer, postId);
    if (!policy.can(viewer, 'react', postFacts(post), threadFacts(thread))) throw forbidden();
    return thread.id;
  }
}

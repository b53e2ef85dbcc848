import type { ArtLike } from '@chat/shared';
import * as policy from '../../access/art-post.policy';
import type { Viewer } from '../../access/viewer';
import { forbidden } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import type { Platform } from '../../platform/platform';
import { artPostFacts } from './art-facts';
import type { ArtLikesRepository } from './art-likes.repository';
import type { ArtWriteService } from './art-write.service';

/** Likes and unlikes per person: generous for a person, a cap on a script's storm. */
export const ART_LIKE_RULE: RateLimitRule = { name: 'art-like', points: 120, durationSeconds: 60 };

/**
 * Liking a post: one like per person (the table's key), the counter moved in the same unit only
 * when a like really came or went, so it stays exact under any race, on both databases.
 */
export class ArtLikesService {
  constructor(
    private readonly units: Platform['units'],
    private readonly likes: ArtLikesRepository,
    private readonly write: ArtWriteService,
    private readonly rateLimits: RateLimits,
  ) {}

  async like(viewer: Viewer, postId: number): Promise<ArtLike> {
    const post = await this.write.find(viewer, postId);
    if (!policy.can(viewer, 'like', artPostFacts(post))) throw forbidden();
    await this.rateLimits.hit(ART_LIKE_RULE, String(viewer.id));
    const userId = viewer.id!;
    const likesCount = await this.units.run(async (tx) => {
      const result = await this.likes.add(tx.db, post.id, userId, nowIso());
      if (result.added)
        tx.emit('art.post.liked', {
          postId: post.id,
          userId,
          likesCount: result.likesCount,
          liked: true,
        });
      return result.likesCount;
    });
    return { likes_count: likesCount, liked: true };
  }

  async unlike(viewer: Viewer, postId: number): Promise<ArtLike> {
    const post = await this.write.find(viewer, postId);
    if (!policy.can(viewer, 'like', artPostFacts(post))) throw forbidden();
    await this.rateLimits.hit(ART_LIKE_RULE, String(viewer.id));
    const userId = viewer.id!;
    const likesCount = await this.units.run(async (tx) => {
      const result = await this.likes.remove(tx.db, post.id, userId);
      if (result.removed)
        tx.emit('art.post.liked', {
          postId: post.id,
          userId,
          likesCount: result.likesCount,
          liked: false,
        });
      return result.likesCount;
    });
    return { likes_count: likesCount, liked: false };
  }
}

import type { ModuleContext } from '../../platform/feature-module';
import { ArtCommentsRepository } from './art-comments.repository';
import { ArtCommentsService } from './art-comments.service';
import { ArtGroupsRepository } from './art-groups.repository';
import { ArtLikesRepository } from './art-likes.repository';
import { ArtLikesService } from './art-likes.service';
import { ArtPostsRepository } from './art-posts.repository';
import { ArtReads } from './art-read.service';
import { ArtWriteService } from './art-write.service';
import { ArtServices } from './art.services';
import { KeptGalleries } from './kept-galleries';

/** Builds the art section's services for its module. */
export function buildArtServices(ctx: ModuleContext): ArtServices {
  const { database, units, rateLimits } = ctx.platform;
  const db = database.db;
  const groups = new ArtGroupsRepository(db);
  const posts = new ArtPostsRepository(db);
  const likesRepo = new ArtLikesRepository(db);
  const commentsRepo = new ArtCommentsRepository(db);
  const reads = new ArtReads(
    groups,
    posts,
    likesRepo,
    commentsRepo,
    ctx.use('users'),
    new KeptGalleries(ctx.platform.cacheBus),
  );
  const submissions = ctx.later('contentSubmissions');
  const write = new ArtWriteService(
    units,
    groups,
    posts,
    reads,
    submissions,
    ctx.use('attachments'),
    ctx.use('catalog'),
    rateLimits,
  );
  const likes = new ArtLikesService(units, likesRepo, write, rateLimits);
  const comments = new ArtCommentsService(
    units,
    commentsRepo,
    posts,
    write,
    reads,
    submissions,
    rateLimits,
  );
  return new ArtServices(reads, write, likes, comments, posts, commentsRepo);
}

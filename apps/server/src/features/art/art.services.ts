import type { ArtCommentsRepository } from './art-comments.repository';
import type { ArtCommentsService } from './art-comments.service';
import type { ArtLikesService } from './art-likes.service';
import type { ArtPostsRepository } from './art-posts.repository';
import type { ArtReads } from './art-read.service';
import type { ArtWriteService } from './art-write.service';

/** The art section's services as routes reach them (`app.deps.art`). */
export class ArtServices {
  constructor(
    readonly reads: ArtReads,
    readonly write: ArtWriteService,
    readonly likes: ArtLikesService,
    readonly comments: ArtCommentsService,
    readonly posts: ArtPostsRepository,
    readonly commentRows: ArtCommentsRepository,
  ) {}
}

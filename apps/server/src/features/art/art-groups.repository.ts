import type { Kysely } from 'kysely';
import { listedForEveryone } from '../../access/art-post.policy';
import type { ArtGroupRow } from '../../db/art-schema';
import type { AttachmentRow, DB } from '../../db/schema';

/** Art groups: the list, look-ups, covers and the public counter. */
export class ArtGroupsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  list(): Promise<ArtGroupRow[]> {
    return this.db.selectFrom('art_groups').selectAll().orderBy('position').orderBy('id').execute();
  }

  bySlug(slug: string): Promise<ArtGroupRow | undefined> {
    return this.db.selectFrom('art_groups').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  byIds(ids: readonly number[]): Promise<ArtGroupRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('art_groups')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute();
  }

  /**
   * Each group's cover: the first picture of its newest post everyone may see that is not
   * adult (an adult post is one with any adult picture, or marked). Two indexed look-ups per
   * group: the post walking the group's newest (art_posts_group_new), then its first picture.
   */
  async covers(groupIds: readonly number[]): Promise<Map<number, AttachmentRow>> {
    const covers = new Map<number, AttachmentRow>();
    await Promise.all(
      groupIds.map(async (groupId) => {
        const post = await this.db
          .selectFrom('art_posts')
          .select('art_posts.id')
          .where('art_posts.group_id', '=', groupId)
          .where(listedForEveryone())
          .where('art_posts.adult', '=', 0)
          .orderBy('art_posts.id', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (!post) return;
        const picture = await this.db
          .selectFrom('art_post_pictures as pp')
          .innerJoin('attachments', 'attachments.id', 'pp.attachment_id')
          .selectAll('attachments')
          .where('pp.post_id', '=', post.id)
          .where('attachments.adult', '=', 0)
          .orderBy('pp.position')
          .limit(1)
          .executeTakeFirst();
        if (picture) covers.set(groupId, picture);
      }),
    );
    return covers;
  }
}

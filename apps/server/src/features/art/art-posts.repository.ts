import { sql, type Insertable, type Kysely } from 'kysely';
import { ART_TOP_PERIOD_MS, type ArtSort } from '@chat/shared';
import { HIDDEN_STATUSES, listedFor, listedForEveryone } from '../../access/art-post.policy';
import type { Viewer } from '../../access/viewer';
import type { ArtPostRow, ArtPostsTable } from '../../db/art-schema';
import type { AttachmentRow, DB, UserRow } from '../../db/schema';

export const ART_POST_LINK = 'art_post' as const;

/** A post with what its policy asks of its author. */
export type ArtPostWithAuthor = ArtPostRow & {
  author_is_troll: number | null;
  author_role: UserRow['role'] | null;
};

/** Which posts a gallery lists: a group's, a person's, or every group's. */
export interface GalleryFilter {
  groupId?: number;
  authorId?: number;
  sort: ArtSort;
}

/** Art posts: look-ups, gallery pages (filtered in SQL by the policy), writes and pictures. */
export class ArtPostsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private withAuthor(db: Kysely<DB> = this.db) {
    return db
      .selectFrom('art_posts')
      .leftJoin('users', 'users.id', 'art_posts.author_id')
      .selectAll('art_posts')
      .select(['users.is_troll as author_is_troll', 'users.role as author_role']);
  }

  byId(id: number, db: Kysely<DB> = this.db): Promise<ArtPostWithAuthor | undefined> {
    return this.withAuthor(db).where('art_posts.id', '=', id).executeTakeFirst();
  }

  /** Whether everyone may see the post (what its public channel may carry). */
  async listedForEveryone(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('art_posts')
      .select('id')
      .where('id', '=', id)
      .where(listedForEveryone())
      .executeTakeFirst();
    return row !== undefined;
  }

  bySlug(slug: string): Promise<ArtPostWithAuthor | undefined> {
    return this.withAuthor().where('art_posts.slug', '=', slug).executeTakeFirst();
  }

  byClientId(authorId: number, clientId: string): Promise<ArtPostWithAuthor | undefined> {
    return this.withAuthor()
      .where('art_posts.author_id', '=', authorId)
      .where('art_posts.client_id', '=', clientId)
      .executeTakeFirst();
  }

  async insert(db: Kysely<DB>, row: Insertable<ArtPostsTable>): Promise<number> {
    const { id } = await db
      .insertInto('art_posts')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /**
   * The post's pictures, replaced by these uploads in this order; a picture dropped from the
   * post loses its link too (whoever sees the post no longer sees it), the caller links the rest.
   */
  async setPictures(db: Kysely<DB>, postId: number, attachmentIds: readonly number[]) {
    await db.deleteFrom('art_post_pictures').where('post_id', '=', postId).execute();
    await db
      .deleteFrom('attachment_links')
      .where('kind', '=', ART_POST_LINK)
      .where('ref_id', '=', postId)
      .where('attachment_id', 'not in', attachmentIds.length > 0 ? [...attachmentIds] : [0])
      .execute();
    if (attachmentIds.length === 0) return;
    await db
      .insertInto('art_post_pictures')
      .values(
        attachmentIds.map((attachment_id, position) => ({
          post_id: postId,
          attachment_id,
          position,
        })),
      )
      .execute();
  }

  /** Each post's pictures in their order. */
  async pictures(
    postIds: readonly number[],
    db: Kysely<DB> = this.db,
  ): Promise<Map<number, AttachmentRow[]>> {
    const map = new Map<number, AttachmentRow[]>();
    if (postIds.length === 0) return map;
    const rows = await db
      .selectFrom('art_post_pictures as pp')
      .innerJoin('attachments', 'attachments.id', 'pp.attachment_id')
      .selectAll('attachments')
      .select('pp.post_id')
      .where('pp.post_id', 'in', [...new Set(postIds)])
      .orderBy('pp.post_id')
      .orderBy('pp.position')
      .execute();
    for (const { post_id, ...attachment } of rows) {
      const list = map.get(post_id) ?? [];
      list.push(attachment);
      map.set(post_id, list);
    }
    return map;
  }

  /**
   * A gallery page the viewer may see. `new`: newest first; `top`: the posts of the last
   * ART_TOP_PERIOD_MS by their likes (newest first on ties); `discussed`: by comments.
   */
  async page(
    viewer: Viewer,
    filter: GalleryFilter,
    limit: number,
    offset: number,
    now = Date.now(),
  ): Promise<ArtPostRow[]> {
    // The page's ids first, found in the sort's index (0024-art.ts: it holds what the listing
    // rule reads), then only those rows: a deep page never reads the rows it skips.
    let q = this.filtered(viewer, filter, now).select('art_posts.id');
    if (filter.sort === 'top') q = q.orderBy('art_posts.likes_count', 'desc');
    if (filter.sort === 'discussed') q = q.orderBy('art_posts.comments_count', 'desc');
    const ids = (await q.orderBy('art_posts.id', 'desc').limit(limit).offset(offset).execute()).map(
      (r) => r.id,
    );
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('art_posts').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** How many posts the gallery lists for the viewer. */
  async count(viewer: Viewer, filter: GalleryFilter, now = Date.now()): Promise<number> {
    const row = await this.filtered(viewer, filter, now)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private filtered(viewer: Viewer, filter: GalleryFilter, now: number) {
    return this.db
      .selectFrom('art_posts')
      .where(listedFor(viewer))
      .$if(filter.groupId !== undefined, (q) => q.where('art_posts.group_id', '=', filter.groupId!))
      .$if(filter.authorId !== undefined, (q) =>
        q.where('art_posts.author_id', '=', filter.authorId!),
      )
      .$if(filter.sort === 'top', (q) =>
        q.where('art_posts.created_at', '>=', new Date(now - ART_TOP_PERIOD_MS).toISOString()),
      );
  }

  /**
   * Public posts of trolls other than `but` in a group (what the counter counts but hides):
   * the few trolls read first (none: nothing to count), then their posts in the author index.
   */
  async publicByTrollsBut(groupId: number | null, but: number | null): Promise<number> {
    const trolls = (
      await this.db
        .selectFrom('users')
        .select('id')
        .where('is_troll', '=', 1)
        .$if(but !== null, (q) => q.where('id', '!=', but!))
        .execute()
    ).map((u) => u.id);
    if (trolls.length === 0) return 0;
    const row = await this.db
      .selectFrom('art_posts')
      .select(sql<number>`count(*)`.as('n'))
      .where('art_posts.author_id', 'in', trolls)
      .$if(groupId !== null, (q) => q.where('art_posts.group_id', '=', groupId!))
      .where('art_posts.deleted_at', 'is', null)
      .where('art_posts.held', '=', 0)
      .where('art_posts.status', 'not in', HIDDEN_STATUSES)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The person's own posts hidden from everyone else (held, refused), live. */
  async hiddenOf(groupId: number | null, userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('art_posts')
      .select(sql<number>`count(*)`.as('n'))
      .where('author_id', '=', userId)
      .$if(groupId !== null, (q) => q.where('group_id', '=', groupId!))
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('held', '=', 1), eb('status', 'in', ['refused', 'updated'])]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async edit(
    db: Kysely<DB>,
    id: number,
    change: Partial<Pick<ArtPostRow, 'title' | 'text' | 'html' | 'adult_marked' | 'adult'>> & {
      edited_at: string;
    },
  ): Promise<void> {
    await db.updateTable('art_posts').set(change).where('id', '=', id).execute();
  }

  async markDeleted(db: Kysely<DB>, id: number, by: number, at: string): Promise<void> {
    await db
      .updateTable('art_posts')
      .set({ deleted_at: at, deleted_by: by })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Whether any of these uploads is flagged adult by the classifier (or marked by its sender). */
  async anyAdult(db: Kysely<DB>, attachmentIds: readonly number[]): Promise<boolean> {
    if (attachmentIds.length === 0) return false;
    const row = await db
      .selectFrom('attachments')
      .select('id')
      .where('id', 'in', [...attachmentIds])
      .where('adult', '=', 1)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The upload purpose of each of these attachments. */
  async purposeOf(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('attachments')
      .select(['id', 'purpose'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, r.purpose]));
  }
}

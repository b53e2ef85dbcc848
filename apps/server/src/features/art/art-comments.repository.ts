import { sql, type Insertable, type Kysely } from 'kysely';
import { commentsListedFor } from '../../access/art-post.policy';
import type { Viewer } from '../../access/viewer';
import type { ArtCommentRow, ArtCommentsTable } from '../../db/art-schema';
import type { DB, UserRow } from '../../db/schema';

export type ArtCommentWithAuthor = ArtCommentRow & {
  author_is_troll: number | null;
  author_role: UserRow['role'] | null;
};

/** Comments of art posts: flat pages (oldest first), writes, the post's counter. */
export class ArtCommentsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private withAuthor(db: Kysely<DB> = this.db) {
    return db
      .selectFrom('art_comments')
      .leftJoin('users', 'users.id', 'art_comments.author_id')
      .selectAll('art_comments')
      .select(['users.is_troll as author_is_troll', 'users.role as author_role']);
  }

  byId(id: number, db: Kysely<DB> = this.db): Promise<ArtCommentWithAuthor | undefined> {
    return this.withAuthor(db).where('art_comments.id', '=', id).executeTakeFirst();
  }

  byClientId(authorId: number, clientId: string): Promise<ArtCommentWithAuthor | undefined> {
    return this.withAuthor()
      .where('art_comments.author_id', '=', authorId)
      .where('art_comments.client_id', '=', clientId)
      .executeTakeFirst();
  }

  async insert(db: Kysely<DB>, row: Insertable<ArtCommentsTable>): Promise<number> {
    const { id } = await db
      .insertInto('art_comments')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** A page of the comments the viewer reads, oldest first, and how many there are. */
  async page(
    viewer: Viewer,
    postId: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: ArtCommentRow[]; total: number }> {
    const listed = this.db
      .selectFrom('art_comments')
      .where('art_comments.post_id', '=', postId)
      .where(commentsListedFor(viewer));
    const [rows, count] = await Promise.all([
      listed.selectAll().orderBy('art_comments.id').limit(limit).offset(offset).execute(),
      listed.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async markDeleted(db: Kysely<DB>, id: number, by: number, at: string): Promise<boolean> {
    const result = await db
      .updateTable('art_comments')
      .set({ deleted_at: at, deleted_by: by })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

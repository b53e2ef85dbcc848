import type { Kysely, Transaction } from 'kysely';
import type { AttachmentRow, DB, ProfilePhotoRow, UserRow } from '../../db/schema';
import type { ProfileChanges } from '../../db/user-columns';

class NothingToConfirm extends Error {}

/** Work done inside a repository's transaction by its caller. */
export type InTransaction = (trx: Kysely<DB>) => Promise<void>;

/** SQL of the caller's own profile: partner links, photos, avatar, style, account deletion. */
export class MyRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The row even when deleted (the anonymous tombstone). */
  async findAny(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The profile's columns only (db/user-columns.ts); other owners write theirs. */
  async update(id: number, changes: ProfileChanges): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The phone the user set that still waits for its code (features/auth's confirmations). */
  async pendingPhone(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('phone_confirmations')
      .select('phone')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.phone ?? null;
  }

  /**
   * The user's own changes to marital status and partner, in one transaction: a changed status
   * or partner ends the confirmed link on both sides (the other side keeps its status).
   * `alongside` runs in the same transaction after the write (the other owners' columns of the
   * form, content moderation's hook).
   */
  async saveMarital(
    userId: number,
    changes: ProfileChanges,
    endLinks: boolean,
    alongside?: InTransaction,
  ): Promise<UserRow> {
    return this.db.transaction().execute(async (trx) => {
      if (endLinks) await this.unlinkPartnersOf(trx, userId);
      // The form may change only other owners' columns (e-mail, im_privacy): no empty SET.
      const saved =
        Object.keys(changes).length > 0
          ? await trx
              .updateTable('users')
              .set(changes)
              .where('id', '=', userId)
              .returningAll()
              .executeTakeFirstOrThrow()
          : await trx
              .selectFrom('users')
              .selectAll()
              .where('id', '=', userId)
              .executeTakeFirstOrThrow();
      if (!alongside) return saved;
      await alongside(trx);
      // The hook may have written the row too (other owners' columns, the moderation status).
      return trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    });
  }

  /** Whoever named `userId` and was confirmed loses that confirmation and the name. */
  private async unlinkPartnersOf(trx: Transaction<DB>, userId: number): Promise<void> {
    await trx
      .updateTable('users')
      .set({ partner_id: null, partner_confirmed_at: null })
      .where('partner_id', '=', userId)
      .where('partner_confirmed_at', 'is not', null)
      .execute();
  }

  /** The newest person who named `userId` as partner and waits for an answer. */
  async partnerRequestTo(userId: number): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('partner_id', '=', userId)
      .where('partner_confirmed_at', 'is', null)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /**
   * `partnerId` confirms `requester`'s request: both name each other with the requester's
   * status, confirmed now. False when there is no such pending request (raced or withdrawn).
   */
  async confirmPartner(requester: UserRow, partnerId: number, at: string): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        // My previous confirmed link, if any, ends: one partner at a time. The request being
        // confirmed is not confirmed yet, so it is left alone.
        await this.unlinkPartnersOf(trx, partnerId);
        const confirmed = await trx
          .updateTable('users')
          .set({ partner_confirmed_at: at })
          .where('id', '=', requester.id)
          .where('partner_id', '=', partnerId)
          .where('partner_confirmed_at', 'is', null)
          .where('marital_status', '=', requester.marital_status)
          .executeTakeFirst();
        // Raced or withdrawn: throwing rolls the unlinking back too.
        if (Number(confirmed.numUpdatedRows) === 0) throw new NothingToConfirm();
        await trx
          .updateTable('users')
          .set({
            partner_id: requester.id,
            partner_confirmed_at: at,
            marital_status: requester.marital_status,
          })
          .where('id', '=', partnerId)
          .execute();
      });
      return true;
    } catch (error) {
      if (error instanceof NothingToConfirm) return false;
      throw error;
    }
  }

  async declinePartner(requesterId: number, partnerId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ partner_id: null, partner_confirmed_at: null })
      .where('id', '=', requesterId)
      .where('partner_id', '=', partnerId)
      .where('partner_confirmed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async attachment(id: number): Promise<AttachmentRow | undefined> {
    return this.db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async deleteAttachment(id: number): Promise<void> {
    await this.db.deleteFrom('attachments').where('id', '=', id).execute();
  }

  async countPhotos(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('profile_photos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Adds a photo at the end of the gallery; an attachment already there is answered as is.
   * `onAdded` runs in the insert's transaction, only when a photo was really added.
   */
  async addPhoto(
    userId: number,
    attachmentId: number,
    at: string,
    onAdded?: (trx: Kysely<DB>, photoId: number) => Promise<void>,
  ): Promise<ProfilePhotoRow> {
    const existing = await this.photoByAttachment(userId, attachmentId);
    if (existing) return existing;
    await this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('profile_photos')
        .select((eb) => eb.fn.max('position').as('p'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const added = await trx
        .insertInto('profile_photos')
        .values({
          user_id: userId,
          attachment_id: attachmentId,
          position: Number(last?.p ?? 0) + 1,
          created_at: at,
        })
        .onConflict((oc) => oc.columns(['user_id', 'attachment_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (added && onAdded) await onAdded(trx, added.id);
    });
    const row = await this.photoByAttachment(userId, attachmentId);
    if (!row) throw new Error('photo vanished after insert');
    return row;
  }

  private async photoByAttachment(
    userId: number,
    attachmentId: number,
  ): Promise<ProfilePhotoRow | undefined> {
    return this.db
      .selectFrom('profile_photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('attachment_id', '=', attachmentId)
      .executeTakeFirst();
  }

  /** One of the user's own photos (someone else's is "not found"). */
  async ownPhoto(userId: number, photoId: number): Promise<ProfilePhotoRow | undefined> {
    return this.db
      .selectFrom('profile_photos')
      .selectAll()
      .where('id', '=', photoId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** `alongside` runs in the delete's transaction (content moderation's hook). */
  async deletePhoto(userId: number, photoId: number, alongside?: InTransaction): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('profile_photos')
        .where('id', '=', photoId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const deleted = Number(result.numDeletedRows) > 0;
      if (deleted && alongside) await alongside(trx);
      return deleted;
    });
  }

  async fontExists(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('fonts')
      .select('id')
      .where('id', '=', id)
      .where('active', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The attachments of the user's gallery (their files go when the account goes). */
  async photoAttachments(userId: number): Promise<AttachmentRow[]> {
    return this.db
      .selectFrom('profile_photos')
      .innerJoin('attachments', 'attachments.id', 'profile_photos.attachment_id')
      .selectAll('attachments')
      .where('profile_photos.user_id', '=', userId)
      .execute();
  }

  /** Of these attachments, those also attached to a message (they stay with the message). */
  async linkedAttachmentIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('attachment_links')
      .select('attachment_id')
      .where('attachment_id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.attachment_id));
  }

  /**
   * Deletes an account as the privacy policy promises: the profile, photos, e-mail, phone and
   * all sessions go; the row stays as an anonymous "Deleted #id" so that public messages remain
   * without a link to a profile. Private messages stay with the people who received them.
   */
  async anonymise(user: UserRow, at: string, attachmentIds: number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.unlinkPartnersOf(trx, user.id);
      await trx
        .updateTable('users')
        .set({ partner_id: null, partner_confirmed_at: null })
        .where('partner_id', '=', user.id)
        .execute();
      await trx.deleteFrom('profile_photos').where('user_id', '=', user.id).execute();
      if (attachmentIds.length > 0)
        await trx.deleteFrom('attachments').where('id', 'in', attachmentIds).execute();
      for (const table of [
        'sessions',
        'room_users',
        'recent_gifs',
        'quotes',
        'user_month_messages',
        'phone_confirmations',
        // Linked sign-ins at other sites: nobody signs in to the tombstone with them.
        'account_providers',
      ] as const)
        await trx.deleteFrom(table).where('user_id', '=', user.id).execute();
      await trx
        .deleteFrom('ignores')
        .where((eb) => eb.or([eb('user_id', '=', user.id), eb('ignored_id', '=', user.id)]))
        .execute();
      // The old profile address is never handed out again: links to it must not lead to
      // whoever registers next under a similar nick (issue 19, point 10). The nick's skeleton
      // stays on the row for the same reason.
      await trx
        .insertInto('retired_slugs')
        .values({ slug: user.slug, user_id: user.id, retired_at: at })
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
      await trx
        .updateTable('users')
        .set({
          slug: `deleted-${user.id}`,
          nick: `Deleted #${user.id}`,
          // A colon never occurs in a real nick: nobody can sign in as, or take, this one.
          nick_key: `deleted:${user.id}`,
          password_hash: null,
          email: null,
          phone: null,
          phone_verified_at: null,
          gender: null,
          birthdate: null,
          about: null,
          marital_status: null,
          partner_id: null,
          partner_confirmed_at: null,
          nick_style: '{}',
          avatar: null,
          avatar_key: null,
          avatar_photo_id: null,
          frame: null,
          frame_id: null,
          status: null,
          deleted_at: at,
        })
        .where('id', '=', user.id)
        .execute();
      // After the row's update, which waits for a recent-smileys batch holding it `for share`
      // (recent-smileys.repository.ts): the batch's rows are deleted too, or it sees the deletion.
      await trx.deleteFrom('recent_smileys').where('user_id', '=', user.id).execute();
    });
  }
}

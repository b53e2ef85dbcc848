import type {
  AdminGift,
  AdminGiftRemoval,
  adminGiftCreateBody,
  adminGiftPatchBody,
} from '@chat/shared';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { Viewer } from '../../../access/viewer';
import type { DB, GiftsTable } from '../../../db/schema';
import type { Kysely } from 'kysely';
import { conflict, invalid, notFound } from '../../../http/app-error';
import { nowIso } from '../../../lib/clock';
import { storageUrl } from '../../uploads/attachments.presenter';
import type { AdminChanges } from '../admin-changes';
import type { AdminGiftsRepository } from './admin-gifts.repository';
import { presentAdminGift } from './admin-gifts.presenter';

type CreateBody = z.output<typeof adminGiftCreateBody>;
type PatchBody = z.output<typeof adminGiftPatchBody>;

/**
 * The gift catalogue as admins keep it. Sent gifts stay on profiles and in the ledger's history,
 * so a gift that was ever sent is withdrawn (no longer sold), never deleted.
 */
export class AdminGiftsService {
  constructor(
    private readonly repo: AdminGiftsRepository,
    private readonly changes: AdminChanges,
  ) {}

  async list(): Promise<AdminGift[]> {
    return (await this.repo.all()).map(presentAdminGift);
  }

  create(actor: Viewer, body: CreateBody): Promise<AdminGift> {
    return this.changes.change(actor, 'gifts', async (tx) => {
      const file = await this.picture(tx.db, actor, body.image_id);
      const row = await this.repo.insert(tx.db, {
        name_ru: body.name_ru,
        name_en: body.name_en,
        price: body.price,
        file,
        premium_only: body.premium_only ? 1 : 0,
        active: body.active ? 1 : 0,
        position: body.position ?? (await this.repo.nextPosition(tx.db)),
        updated_at: nowIso(),
      });
      const after = presentAdminGift({ ...row, sent: 0 });
      return {
        action: 'gifts.create',
        subjectType: 'gift',
        subjectId: row.id,
        before: null,
        after,
        result: after,
      };
    });
  }

  update(actor: Viewer, id: number, body: PatchBody): Promise<AdminGift> {
    return this.changes.change(actor, 'gifts', async (tx) => {
      const current = await this.repo.find(tx.db, id);
      if (!current) throw notFound();
      const values: Updateable<GiftsTable> = { updated_at: nextVersion(body.updated_at) };
      if (body.name_ru !== undefined) values.name_ru = body.name_ru;
      if (body.name_en !== undefined) values.name_en = body.name_en;
      if (body.price !== undefined) values.price = body.price;
      if (body.premium_only !== undefined) values.premium_only = body.premium_only ? 1 : 0;
      if (body.active !== undefined) values.active = body.active ? 1 : 0;
      if (body.position !== undefined) values.position = body.position;
      if (body.image_id !== undefined)
        values.file = await this.picture(tx.db, actor, body.image_id);
      const row = await this.repo.update(tx.db, id, body.updated_at, values);
      if (!row) throw conflict();
      const before = presentAdminGift(current);
      const after = presentAdminGift({ ...row, sent: current.sent });
      return {
        action: 'gifts.update',
        subjectType: 'gift',
        subjectId: id,
        before,
        after,
        result: after,
      };
    });
  }

  remove(actor: Viewer, id: number): Promise<AdminGiftRemoval> {
    return this.changes.change<AdminGiftRemoval>(actor, 'gifts', async (tx) => {
      const current = await this.repo.find(tx.db, id);
      if (!current) throw notFound();
      const before = presentAdminGift(current);
      if (current.sent === 0) {
        await this.repo.delete(tx.db, id);
        const result: AdminGiftRemoval = { outcome: 'deleted', gift: null };
        return {
          action: 'gifts.delete',
          subjectType: 'gift',
          subjectId: id,
          before,
          after: null,
          result,
        };
      }
      const row = await this.repo.update(tx.db, id, current.updated_at, {
        active: 0,
        updated_at: nextVersion(current.updated_at),
      });
      if (!row) throw conflict();
      const after = presentAdminGift({ ...row, sent: current.sent });
      return {
        action: 'gifts.withdraw',
        subjectType: 'gift',
        subjectId: id,
        before,
        after,
        result: { outcome: 'withdrawn' as const, gift: after },
      };
    });
  }

  /** The caller's own finished upload, checked by content in the upload pipeline (sniff.ts). */
  private async picture(db: Kysely<DB>, actor: Viewer, attachmentId: number): Promise<string> {
    const key = await this.repo.uploadedPicture(db, actor.id!, attachmentId);
    if (!key) throw invalid({ image_id: ['invalid_value'] });
    const file = storageUrl(key);
    if (await this.repo.fileTaken(db, file)) throw invalid({ image_id: ['invalid_value'] });
    return file;
  }
}

/** Now, but never the version just read: two changes in one millisecond still differ. */
function nextVersion(seen: string): string {
  const now = nowIso();
  return now === seen ? new Date(Date.parse(now) + 1).toISOString() : now;
}

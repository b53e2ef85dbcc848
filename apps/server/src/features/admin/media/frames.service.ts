import type { AdminFrame, adminFrameCreateBody, adminFramePatchBody } from '@chat/shared';
import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import type { Viewer } from '../../../access/viewer';
import type { DB, FramesTable } from '../../../db/schema';
import { conflict, notFound } from '../../../http/app-error';
import { nowIso } from '../../../lib/clock';
import type { FileStorage } from '../../../lib/storage/file-storage';
import type { AdminChanges } from '../admin-changes';
import { checkedFrame } from './media-files';
import { presentAdminFrame } from './media.presenter';
import type { FramesRepository } from './frames.repository';

type CreateBody = z.output<typeof adminFrameCreateBody>;
type PatchBody = z.output<typeof adminFramePatchBody>;

/** Uploaded frames live in storage and are served by /storage/* (features/uploads). */
const urlOfKey = (key: string) => `/storage/${key}`;
const keyOfFile = (file: string) => (file.startsWith('/storage/') ? file.slice(9) : null);

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/**
 * The frames catalogue in the admin area. A frame someone wears is withdrawn, not deleted: it
 * is no longer offered (GET /api/frames) nor can be chosen anew, and those who wear it keep it
 * (a premium frame they wore stays theirs until they change it or their premium ends).
 */
export class AdminFramesService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly changes: AdminChanges,
    private readonly repo: FramesRepository,
    private readonly storage: FileStorage,
  ) {}

  async list(): Promise<AdminFrame[]> {
    return (await this.repo.list(this.db)).map(presentAdminFrame);
  }

  async create(actor: Viewer, body: CreateBody): Promise<AdminFrame> {
    const image = await checkedFrame(body.image);
    await this.storage.put(image.key, image.bytes, { contentType: image.mime });
    const at = nowIso();
    return this.changes.change(actor, 'frames', async (tx) => {
      const id = await this.repo.insert(tx.db, {
        name_ru: body.name_ru,
        name_en: body.name_en,
        file: urlOfKey(image.key),
        premium_only: body.premium_only ? 1 : 0,
        position: body.position ?? 0,
        active: body.active === false ? 0 : 1,
        updated_at: at,
      });
      const after = presentAdminFrame((await this.repo.find(tx.db, id))!);
      return {
        action: 'frames.create',
        subjectType: 'frame',
        subjectId: id,
        before: null,
        after,
        result: after,
      };
    });
  }

  async update(actor: Viewer, id: number, body: PatchBody): Promise<AdminFrame> {
    // The file goes first; a change that then fails leaves only an unused file behind.
    const image = body.image === undefined ? null : await checkedFrame(body.image);
    if (image) await this.storage.put(image.key, image.bytes, { contentType: image.mime });
    return this.changes.change(actor, 'frames', async (tx) => {
      const row = await this.repo.find(tx.db, id);
      if (!row) throw notFound();
      const patch: Updateable<FramesTable> = {
        name_ru: body.name_ru,
        name_en: body.name_en,
        premium_only: flag(body.premium_only),
        position: body.position,
        active: flag(body.active),
        file: image ? urlOfKey(image.key) : undefined,
        updated_at: nowIso(),
      };
      if (!(await this.repo.update(tx.db, id, body.updated_at, patch))) throw conflict();
      // The old picture stays in storage: pages and caches may still show it for a while.
      if (image) await this.repo.repointWearers(tx.db, id, urlOfKey(image.key));
      const before = presentAdminFrame(row);
      const after = presentAdminFrame((await this.repo.find(tx.db, id))!);
      return {
        action: 'frames.update',
        subjectType: 'frame',
        subjectId: id,
        before,
        after,
        result: after,
      };
    });
  }

  /** Deletes an unworn frame; one someone wears is withdrawn instead and answered. */
  async remove(actor: Viewer, id: number): Promise<{ deleted: boolean; frame: AdminFrame | null }> {
    type Outcome = { deleted: boolean; frame: AdminFrame | null; file: string | null };
    const outcome = await this.changes.change<Outcome>(actor, 'frames', async (tx) => {
      const row = await this.repo.find(tx.db, id);
      if (!row) throw notFound();
      const before = presentAdminFrame(row);
      if (row.wearers > 0) {
        await tx.db
          .updateTable('frames')
          .set({ active: 0, updated_at: nowIso() })
          .where('id', '=', id)
          .execute();
        const after = presentAdminFrame((await this.repo.find(tx.db, id))!);
        return {
          action: 'frames.withdraw',
          subjectType: 'frame',
          subjectId: id,
          before,
          after,
          result: { deleted: false, frame: after, file: null },
        };
      }
      await this.repo.delete(tx.db, id);
      return {
        action: 'frames.delete',
        subjectType: 'frame',
        subjectId: id,
        before,
        after: null,
        result: { deleted: true, frame: null, file: keyOfFile(row.file) },
      };
    });
    if (outcome.file) await this.storage.delete(outcome.file);
    return { deleted: outcome.deleted, frame: outcome.frame };
  }
}

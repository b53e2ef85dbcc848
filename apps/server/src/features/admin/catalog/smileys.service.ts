import {
  smileyCreateFields,
  type AdminSmiley,
  type AdminSmileyGroup,
  type SmileyGroupPatch,
  type SmileyOrder,
  type SmileyPatch,
} from '@chat/shared';
import type { Kysely } from 'kysely';
import type { Viewer } from '../../../access/viewer';
import type { DB } from '../../../db/schema';
import { conflict, invalid, notFound } from '../../../http/app-error';
import { nowIso } from '../../../lib/clock';
import { isUniqueViolation } from '../../../lib/db-errors';
import type { FileStorage } from '../../../lib/storage/file-storage';
import type { AdminChanges } from '../admin-changes';
import { parseFields, smileyImageExtension, storeFile, type UploadForm } from './catalog-files';
import { presentGroup, presentSmiley } from './catalog.presenter';
import type { AdminSmileysRepository } from './smileys.repository';

const STORED = '/storage/';

/**
 * The smiley catalogue's rules: tags unique (the `-tag-` the tokenizer reads), pictures PNG,
 * GIF or WebP by their bytes, a group emptied before it goes. Deleting a smiley only stops its
 * tag from rendering: old messages keep their text, `-tag-` then shows as written.
 */
export class AdminSmileysService {
  constructor(
    private readonly repo: AdminSmileysRepository,
    private readonly changes: AdminChanges,
    private readonly storage: FileStorage,
  ) {}

  async list(): Promise<AdminSmileyGroup[]> {
    const [groups, smileys] = await Promise.all([this.repo.groups(), this.repo.smileys()]);
    return groups.map((g) => presentGroup(g, smileys));
  }

  createGroup(actor: Viewer, body: { name_ru: string; name_en: string }) {
    return this.changes.change(actor, 'smileys', async (tx) => {
      const row = await this.repo.insertGroup(tx.db, {
        ...body,
        position: await this.repo.nextGroupPosition(tx.db),
        updated_at: nowIso(),
      });
      const group = presentGroup(row, []);
      return {
        action: 'smileys.group_create',
        subjectType: 'smiley_group',
        subjectId: row.id,
        before: null,
        after: group,
        result: group,
      };
    });
  }

  updateGroup(actor: Viewer, id: number, body: SmileyGroupPatch) {
    return this.changes.change(actor, 'smileys', async (tx) => {
      const before = await this.repo.group(tx.db, id);
      if (!before) throw notFound();
      const { updated_at: seen, ...changes } = body;
      const row = await this.repo.updateGroup(tx.db, id, seen, {
        ...changes,
        updated_at: nowIso(),
      });
      if (!row) throw conflict();
      const smileys = await this.repo.smileys(tx.db);
      const group = presentGroup(row, smileys);
      return {
        action: 'smileys.group_update',
        subjectType: 'smiley_group',
        subjectId: id,
        before: presentGroup(before, []),
        after: presentGroup(row, []),
        result: group,
      };
    });
  }

  deleteGroup(actor: Viewer, id: number) {
    return this.changes.change(actor, 'smileys', async (tx) => {
      const before = await this.repo.group(tx.db, id);
      if (!before) throw notFound();
      // Deleting would take its smileys along (the foreign key cascades): the admin moves or
      // deletes them first, on purpose.
      if ((await this.repo.countInGroup(tx.db, id)) > 0)
        throw invalid({ group: ['smiley.group_not_empty'] });
      await this.repo.deleteGroup(tx.db, id);
      return {
        action: 'smileys.group_delete',
        subjectType: 'smiley_group',
        subjectId: id,
        before: presentGroup(before, []),
        after: null,
        result: undefined,
      };
    });
  }

  async create(actor: Viewer, form: UploadForm): Promise<AdminSmiley> {
    const fields = parseFields(smileyCreateFields, form.fields);
    if (!form.file || form.file.length === 0) throw invalid({ image: ['file.required'] });
    const ext = smileyImageExtension(form.file);
    if (ext === null) throw invalid({ image: ['smiley.image_invalid'] });
    // Refused before anything is stored; checked again in the unit, and by the unique index.
    if (await this.repo.tagTaken(fields.tag, null)) throw invalid({ tag: ['smiley.tag_taken'] });
    const key = await storeFile(this.storage, 'smileys', ext, form.file, `image/${ext}`);
    try {
      return await this.changes.change(actor, 'smileys', async (tx) => {
        await this.assertFree(tx.db, fields.tag, null);
        if (!(await this.repo.group(tx.db, fields.group_id)))
          throw invalid({ group_id: ['invalid_value'] });
        const row = await this.repo.insertSmiley(tx.db, {
          group_id: fields.group_id,
          tag: fields.tag,
          file: `${STORED}${key}`,
          position: await this.repo.nextSmileyPosition(tx.db, fields.group_id),
          updated_at: nowIso(),
        });
        const smiley = presentSmiley(row);
        return {
          action: 'smileys.create',
          subjectType: 'smiley',
          subjectId: row.id,
          before: null,
          after: smiley,
          result: smiley,
        };
      });
    } catch (error) {
      await this.storage.delete(key);
      throw isUniqueViolation(error) ? invalid({ tag: ['smiley.tag_taken'] }) : error;
    }
  }

  async update(actor: Viewer, id: number, body: SmileyPatch): Promise<AdminSmiley> {
    try {
      return await this.changes.change(actor, 'smileys', async (tx) => {
        const before = await this.repo.smiley(tx.db, id);
        if (!before) throw notFound();
        const { updated_at: seen, ...changes } = body;
        if (changes.tag !== undefined) await this.assertFree(tx.db, changes.tag, id);
        if (changes.group_id !== undefined && !(await this.repo.group(tx.db, changes.group_id)))
          throw invalid({ group_id: ['invalid_value'] });
        const row = await this.repo.updateSmiley(tx.db, id, seen, {
          ...changes,
          updated_at: nowIso(),
        });
        if (!row) throw conflict();
        const smiley = presentSmiley(row);
        return {
          action: 'smileys.update',
          subjectType: 'smiley',
          subjectId: id,
          before: presentSmiley(before),
          after: smiley,
          result: smiley,
        };
      });
    } catch (error) {
      throw isUniqueViolation(error) ? invalid({ tag: ['smiley.tag_taken'] }) : error;
    }
  }

  async delete(actor: Viewer, id: number): Promise<void> {
    const gone = await this.changes.change(actor, 'smileys', async (tx) => {
      const before = await this.repo.smiley(tx.db, id);
      if (!before) throw notFound();
      await this.repo.deleteSmiley(tx.db, id);
      return {
        action: 'smileys.delete',
        subjectType: 'smiley',
        subjectId: id,
        before: presentSmiley(before),
        after: null,
        result: before,
      };
    });
    // After the commit: a rolled-back delete keeps its picture.
    if (gone.file.startsWith(STORED)) await this.storage.delete(gone.file.slice(STORED.length));
  }

  /** The order after a drag and drop: each listed group's smileys, and the groups. */
  reorder(actor: Viewer, order: SmileyOrder): Promise<AdminSmileyGroup[]> {
    return this.changes.change(actor, 'smileys', async (tx) => {
      const groups = await this.repo.groups(tx.db);
      const smileys = await this.repo.smileys(tx.db);
      const groupIds = new Set(groups.map((g) => g.id));
      const smileyIds = new Set(smileys.map((s) => s.id));
      const listed = (order.groups ?? []).flatMap((g) => g.smiley_ids);
      if (
        (order.groups ?? []).some((g) => !groupIds.has(g.id)) ||
        (order.group_ids ?? []).some((id) => !groupIds.has(id))
      )
        throw invalid({ groups: ['invalid_value'] });
      if (listed.some((id) => !smileyIds.has(id)) || new Set(listed).size !== listed.length)
        throw invalid({ smiley_ids: ['invalid_value'] });
      const at = nowIso();
      for (const group of order.groups ?? [])
        for (const [index, id] of group.smiley_ids.entries())
          await this.repo.place(tx.db, id, group.id, index + 1, at);
      for (const [index, id] of (order.group_ids ?? []).entries())
        await this.repo.placeGroup(tx.db, id, index + 1, at);
      const before = groups.map((g) => presentGroup(g, smileys));
      const [afterGroups, afterSmileys] = await Promise.all([
        this.repo.groups(tx.db),
        this.repo.smileys(tx.db),
      ]);
      const after = afterGroups.map((g) => presentGroup(g, afterSmileys));
      const ids = (list: AdminSmileyGroup[]) =>
        list.map((g) => ({ id: g.id, smiley_ids: g.smileys.map((s) => s.id) }));
      return {
        action: 'smileys.reorder',
        subjectType: 'smiley_group',
        subjectId: null,
        before: ids(before),
        after: ids(after),
        result: after,
      };
    });
  }

  private async assertFree(db: Kysely<DB>, tag: string, exceptId: number | null) {
    if (await this.repo.tagTaken(tag, exceptId, db)) throw invalid({ tag: ['smiley.tag_taken'] });
  }
}

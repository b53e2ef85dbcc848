import { fontCreateFields, type AdminFont, type FontPatch } from '@chat/shared';
import type { Viewer } from '../../../access/viewer';
import { conflict, invalid, notFound } from '../../../http/app-error';
import { nowIso } from '../../../lib/clock';
import { isUniqueViolation } from '../../../lib/db-errors';
import type { FileStorage } from '../../../lib/storage/file-storage';
import type { AdminChanges } from '../admin-changes';
import { isWoff2, parseFields, storeFile, type UploadForm } from './catalog-files';
import { presentFont } from './catalog.presenter';
import type { AdminFontsRepository, FontRow } from './fonts.repository';

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
const logged = (row: FontRow) => presentFont(row, 0);

/**
 * The nick fonts' rules: a WOFF2 file by its bytes; a font that nicks use never vanishes from
 * under them: DELETE withdraws it (not offered any more, those nicks render in the default
 * font), and only a font nobody uses is deleted with its file.
 */
export class AdminFontsService {
  constructor(
    private readonly repo: AdminFontsRepository,
    private readonly changes: AdminChanges,
    private readonly storage: FileStorage,
  ) {}

  async list(): Promise<AdminFont[]> {
    const rows = await this.repo.all();
    return Promise.all(rows.map(async (row) => presentFont(row, await this.repo.users(row.id))));
  }

  async create(actor: Viewer, form: UploadForm): Promise<AdminFont> {
    const fields = parseFields(fontCreateFields, form.fields);
    if (!form.file || form.file.length === 0) throw invalid({ file: ['file.required'] });
    if (!isWoff2(form.file)) throw invalid({ file: ['font.file_invalid'] });
    if (await this.repo.familyTaken(fields.font_family, null))
      throw invalid({ font_family: ['font.family_taken'] });
    const key = await storeFile(this.storage, 'fonts', 'woff2', form.file, 'font/woff2');
    try {
      return await this.changes.change(actor, 'fonts', async (tx) => {
        const row = await this.repo.insert(tx.db, {
          font_family: fields.font_family,
          file: key,
          premium_only: fields.premium_only ? 1 : 0,
          position: fields.position ?? (await this.repo.nextPosition(tx.db)),
          active: 1,
          updated_at: nowIso(),
        });
        const font = presentFont(row, 0);
        return {
          action: 'fonts.create',
          subjectType: 'font',
          subjectId: row.id,
          before: null,
          after: font,
          result: font,
        };
      });
    } catch (error) {
      await this.storage.delete(key);
      throw isUniqueViolation(error) ? invalid({ font_family: ['font.family_taken'] }) : error;
    }
  }

  async update(actor: Viewer, id: number, body: FontPatch): Promise<AdminFont> {
    try {
      return await this.changes.change(actor, 'fonts', async (tx) => {
        const before = await this.repo.find(tx.db, id);
        if (!before) throw notFound();
        if (
          body.font_family !== undefined &&
          (await this.repo.familyTaken(body.font_family, id, tx.db))
        )
          throw invalid({ font_family: ['font.family_taken'] });
        const row = await this.repo.update(tx.db, id, body.updated_at, {
          ...(body.font_family === undefined ? {} : { font_family: body.font_family }),
          ...(body.position === undefined ? {} : { position: body.position }),
          ...(body.premium_only === undefined ? {} : { premium_only: flag(body.premium_only) }),
          ...(body.active === undefined ? {} : { active: flag(body.active) }),
          updated_at: nowIso(),
        });
        if (!row) throw conflict();
        const font = presentFont(row, await this.repo.users(id, tx.db));
        return {
          action: 'fonts.update',
          subjectType: 'font',
          subjectId: id,
          before: logged(before),
          after: logged(row),
          result: font,
        };
      });
    } catch (error) {
      throw isUniqueViolation(error) ? invalid({ font_family: ['font.family_taken'] }) : error;
    }
  }

  /** Deletes an unused font; withdraws one that nicks use. */
  async delete(actor: Viewer, id: number): Promise<{ deleted: boolean; withdrawn: boolean }> {
    const outcome = await this.changes.change(actor, 'fonts', async (tx) => {
      const before = await this.repo.find(tx.db, id);
      if (!before) throw notFound();
      if ((await this.repo.users(id, tx.db)) > 0) {
        const row = await this.repo.update(tx.db, id, null, { active: 0, updated_at: nowIso() });
        return {
          action: 'fonts.withdraw',
          subjectType: 'font',
          subjectId: id,
          before: logged(before),
          after: logged(row!),
          result: { deleted: false, withdrawn: true, file: null },
        };
      }
      await this.repo.delete(tx.db, id);
      return {
        action: 'fonts.delete',
        subjectType: 'font',
        subjectId: id,
        before: logged(before),
        after: null,
        result: { deleted: true, withdrawn: false, file: before.file },
      };
    });
    // After the commit: a rolled-back delete keeps its file.
    if (outcome.file !== null) await this.storage.delete(outcome.file);
    return { deleted: outcome.deleted, withdrawn: outcome.withdrawn };
  }

  /** An uploaded font's file, for its route. */
  open(key: string) {
    return this.storage.open(key);
  }
}

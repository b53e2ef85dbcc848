import {
  compareVersions,
  RELEASE_VERSION_PATTERN,
  type AppRelease,
  type ReleasePlatform,
} from '@chat/shared';
import type { Viewer } from '../../../access/viewer';
import type { AppReleaseRow } from '../../../db/admin-pages-schema';
import { conflict, invalid, notFound } from '../../../http/app-error';
import { nowIso } from '../../../lib/clock';
import type { AdminChanges } from '../admin-changes';
import type { ReleasesRepository } from './releases.repository';

export interface ReleaseInput {
  platform: ReleasePlatform;
  version: string;
  notes_ru: string;
  notes_en: string;
  file: string | null;
  url: string | null;
  required: boolean;
}

export type ReleasePatch = Partial<ReleaseInput> & { updated_at: string };

export function presentRelease(row: AppReleaseRow): AppRelease {
  return {
    id: row.id,
    platform: row.platform as ReleasePlatform,
    version: row.version,
    notes_ru: row.notes_ru,
    notes_en: row.notes_en,
    file: row.file,
    url: row.url,
    required: row.required === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The caller's side of init: must it update, and where is the newest release of its platform. */
export interface UpdateState {
  update_required: boolean;
  update: { version: string; link: string; required: boolean } | null;
}

/** Newest first, by version numbers (1.10.0 before 1.9.0). */
const newestFirst = (a: AppReleaseRow, b: AppReleaseRow) => compareVersions(b.version, a.version);

/**
 * The site's app releases per platform. A release has exactly one way to get it: an installer
 * stored through the release file upload, or an https store link.
 */
export class ReleasesService {
  constructor(
    private readonly repo: ReleasesRepository,
    private readonly changes: AdminChanges,
  ) {}

  async list(): Promise<AppRelease[]> {
    return (await this.repo.all())
      .sort((a, b) =>
        a.platform === b.platform ? newestFirst(a, b) : a.platform.localeCompare(b.platform),
      )
      .map(presentRelease);
  }

  async create(actor: Viewer, input: ReleaseInput): Promise<AppRelease> {
    checkLink(input.file, input.url);
    return this.changes.change(actor, 'releases', async (tx) => {
      if (await this.repo.sameVersion(tx.db, input.platform, input.version, null))
        throw invalid({ version: ['release.exists'] });
      const at = nowIso();
      const id = await this.repo.insert(tx.db, {
        ...input,
        required: input.required ? 1 : 0,
        created_at: at,
        updated_at: at,
      });
      const after = presentRelease((await this.repo.find(tx.db, id))!);
      return {
        action: 'releases.create',
        subjectType: 'app_release',
        subjectId: id,
        before: null,
        after,
        result: after,
      };
    });
  }

  async update(actor: Viewer, id: number, patch: ReleasePatch): Promise<AppRelease> {
    return this.changes.change(actor, 'releases', async (tx) => {
      const row = await this.repo.find(tx.db, id);
      if (!row) throw notFound();
      const before = presentRelease(row);
      const { updated_at: seen, ...fields } = patch;
      const next = { ...before, ...fields };
      // A file replaces a link and the other way round; the wire sends the one it keeps.
      if (fields.file) next.url = null;
      else if (fields.url) next.file = null;
      checkLink(next.file, next.url);
      if (await this.repo.sameVersion(tx.db, next.platform, next.version, id))
        throw invalid({ version: ['release.exists'] });
      const changed = await this.repo.updateIfUnchanged(
        tx.db,
        id,
        {
          platform: next.platform,
          version: next.version,
          notes_ru: next.notes_ru,
          notes_en: next.notes_en,
          file: next.file,
          url: next.url,
          required: next.required ? 1 : 0,
          updated_at: nowIso(),
        },
        seen,
      );
      if (!changed) throw conflict();
      const after = presentRelease((await this.repo.find(tx.db, id))!);
      return {
        action: 'releases.update',
        subjectType: 'app_release',
        subjectId: id,
        before,
        after,
        result: after,
      };
    });
  }

  async remove(actor: Viewer, id: number): Promise<void> {
    await this.changes.change(actor, 'releases', async (tx) => {
      const row = await this.repo.find(tx.db, id);
      if (!row) throw notFound();
      await this.repo.delete(tx.db, id);
      return {
        action: 'releases.delete',
        subjectType: 'app_release',
        subjectId: id,
        before: presentRelease(row),
        after: null,
        result: undefined,
      };
    });
  }

  /**
   * `update_required` when a required release of the platform is newer than the client's
   * version; a client that sends no (or no readable) version is never told to update.
   */
  async updateState(platform: string, version: string | undefined): Promise<UpdateState> {
    const rows = (await this.repo.ofPlatform(platform)).sort(newestFirst);
    const newest = rows[0];
    const known = version !== undefined && RELEASE_VERSION_PATTERN.test(version);
    const required =
      known && rows.some((r) => r.required === 1 && compareVersions(r.version, version) > 0);
    return {
      update_required: required,
      update: newest
        ? {
            version: newest.version,
            link: newest.url ?? `/storage/${newest.file}`,
            required: newest.required === 1,
          }
        : null,
    };
  }
}

function checkLink(file: string | null, url: string | null): void {
  if ((file === null) === (url === null)) throw invalid({ url: ['release.link_required'] });
}

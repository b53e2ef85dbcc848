import {
  AGREEMENT_SLUG,
  type AdminPage,
  type AdminPageListItem,
  type AgreementState,
} from '@chat/shared';
import type { Viewer } from '../../../access/viewer';
import type { PageRow } from '../../../db/schema';
import { conflict, invalid, notFound } from '../../../http/app-error';
import { nowIso } from '../../../lib/clock';
import type { AdminChanges } from '../admin-changes';
import type { PagesAdminRepository } from './pages-admin.repository';
import { renderPageMarkdown } from './page-markdown';

const LOCALES = ['ru', 'en'] as const;

export interface PageEdit {
  title_ru: string;
  text_ru: string;
  title_en: string;
  text_en: string;
  new_version: boolean;
  updated_at: string | null;
}

/** A page's both languages as one thing; its `updated_at` is that of its latest language. */
function present(slug: string, rows: PageRow[], agreementVersion: number): AdminPage {
  const of = (locale: string) => rows.find((r) => r.locale === locale);
  const stamps = rows.map((r) => r.updated_at).sort();
  return {
    slug,
    title_ru: of('ru')?.title ?? '',
    text_ru: of('ru')?.body ?? '',
    title_en: of('en')?.title ?? '',
    text_en: of('en')?.body ?? '',
    version: slug === AGREEMENT_SLUG ? agreementVersion : 1,
    updated_at: stamps.at(-1) ?? null,
  };
}

/**
 * Static pages as admins edit them (both languages at once), and the agreement's versions:
 * publishing the agreement as a new version makes everyone signed in accept it again.
 */
export class PagesAdminService {
  constructor(
    private readonly repo: PagesAdminRepository,
    private readonly changes: AdminChanges,
  ) {}

  async list(): Promise<AdminPageListItem[]> {
    const [rows, version] = await Promise.all([this.repo.all(), this.repo.agreementVersion()]);
    const slugs = [...new Set([AGREEMENT_SLUG, 'privacy', 'rules', ...rows.map((r) => r.slug)])];
    return slugs.map((slug) => {
      const page = present(
        slug,
        rows.filter((r) => r.slug === slug),
        version,
      );
      return {
        slug,
        title_ru: page.title_ru,
        title_en: page.title_en,
        version: page.version,
        updated_at: page.updated_at,
      };
    });
  }

  /** A page that does not exist yet comes back empty, with `updated_at` null: PUT creates it. */
  async get(slug: string): Promise<AdminPage> {
    const [rows, version] = await Promise.all([
      this.repo.bySlug(slug),
      this.repo.agreementVersion(),
    ]);
    return present(slug, rows, version);
  }

  preview(text: string): string {
    return renderPageMarkdown(text);
  }

  async save(actor: Viewer, slug: string, edit: PageEdit): Promise<AdminPage> {
    if (edit.new_version && slug !== AGREEMENT_SLUG)
      throw invalid({ new_version: ['invalid_value'] });
    return this.changes.change(actor, 'pages', async (tx) => {
      const db = tx.db;
      const rows = await this.repo.bySlug(slug, db);
      const versionBefore = await this.repo.agreementVersion(db);
      const before = rows.length > 0 ? present(slug, rows, versionBefore) : null;
      // Created by someone else meanwhile, or the admin's copy is older than what is stored.
      // An edit of a page that is not there (its `updated_at` read somewhere else) is a 404.
      if (before === null && edit.updated_at !== null) throw notFound();
      if ((before === null) !== (edit.updated_at === null)) throw conflict();
      const at = nowIso();
      for (const locale of LOCALES) {
        const values = {
          title: edit[`title_${locale}`],
          body: edit[`text_${locale}`],
          updated_at: at,
        };
        const row = rows.find((r) => r.locale === locale);
        if (!row) await this.repo.insert(db, { slug, locale, ...values });
        else if (!(await this.repo.updateIfUnchanged(db, row.id, values, edit.updated_at!)))
          throw conflict();
      }
      const version = edit.new_version ? versionBefore + 1 : versionBefore;
      if (edit.new_version) await this.repo.setAgreementVersion(db, version);
      const after = present(slug, await this.repo.bySlug(slug, db), version);
      return {
        action: edit.new_version ? 'pages.new_version' : before ? 'pages.update' : 'pages.create',
        subjectType: 'page',
        subjectId: slug,
        before,
        after,
        result: after,
      };
    });
  }

  async agreementState(userId: number | null): Promise<AgreementState> {
    const [version, accepted] = await Promise.all([
      this.repo.agreementVersion(),
      userId === null ? null : this.repo.acceptedVersion(userId),
    ]);
    return { agreement_version: version, agreement_accepted_version: accepted };
  }

  /** Only the current version can be accepted: an older tab must read the new text first. */
  async accept(userId: number, version: number): Promise<AgreementState> {
    const current = await this.repo.agreementVersion();
    if (version !== current) throw invalid({ version: ['agreement.not_current'] });
    await this.repo.recordAcceptance(userId, version, nowIso());
    return { agreement_version: current, agreement_accepted_version: version };
  }
}

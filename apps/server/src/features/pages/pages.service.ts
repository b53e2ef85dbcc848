import type { Locale, Page } from '@chat/shared';
import { notFound } from '../../http/app-error';
import { renderPageMarkdown } from '../admin/pages/page-markdown';
import type { PagesRepository } from './pages.repository';

export class PagesService {
  constructor(private readonly pages: PagesRepository) {}

  /** The page in the caller's language, else in the other one: a page written once still shows. */
  async get(slug: string, locale: Locale): Promise<Page> {
    const row =
      (await this.pages.find(slug, locale)) ??
      (await this.pages.find(slug, locale === 'en' ? 'ru' : 'en'));
    if (!row) throw notFound();
    return {
      slug: row.slug,
      locale: row.locale,
      title: row.title,
      body: row.body,
      html: renderPageMarkdown(row.body),
      updated_at: row.updated_at,
    };
  }
}

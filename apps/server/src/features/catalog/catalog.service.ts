import type { Font, Locale, Smiley, SmileyGroup } from '@chat/shared';
import type { CatalogRepository } from './catalog.repository';

const CACHE_MS = 30_000;

/**
 * Fonts and smileys go out with every init call, so they are cached briefly in memory instead
 * of being read from the database on each page load.
 */
export class CatalogService {
  private cache: {
    at: number;
    fonts: Font[];
    groups: Record<Locale, SmileyGroup[]>;
    byTag: ReadonlyMap<string, Smiley>;
  } | null = null;

  constructor(
    private readonly repo: CatalogRepository,
    private readonly smileyUrl: (file: string) => string,
  ) {}

  async fonts(): Promise<Font[]> {
    return (await this.load()).fonts;
  }

  async smileyGroups(locale: Locale): Promise<SmileyGroup[]> {
    return (await this.load()).groups[locale];
  }

  /** Every smiley by its tag: the dictionary a text's `-tag-` is looked up in. */
  async smileysByTag(): Promise<ReadonlyMap<string, Smiley>> {
    return (await this.load()).byTag;
  }

  invalidate(): void {
    this.cache = null;
  }

  private async load() {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache;
    const [fonts, groups, smileys] = await Promise.all([
      this.repo.fonts(),
      this.repo.smileyGroups(),
      this.repo.smileys(),
    ]);
    const byTag = new Map<string, Smiley>(
      smileys.map((s) => [s.tag, { id: s.id, tag: s.tag, file: this.smileyUrl(s.file) }]),
    );
    const byLocale = (locale: Locale): SmileyGroup[] =>
      groups.map((g) => ({
        id: g.id,
        name: locale === 'en' ? g.name_en : g.name_ru,
        smileys: smileys.filter((s) => s.group_id === g.id).map((s) => byTag.get(s.tag)!),
      }));
    this.cache = {
      at: Date.now(),
      fonts,
      groups: { ru: byLocale('ru'), en: byLocale('en') },
      byTag,
    };
    return this.cache;
  }
}

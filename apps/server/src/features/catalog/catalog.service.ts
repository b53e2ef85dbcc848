import type { Font, Locale, Smiley, SmileyGroup } from '@chat/shared';
import type { CatalogRepository } from './catalog.repository';

const CACHE_MS = 30_000;

interface Catalog {
  at: number;
  fonts: Font[];
  groups: Record<Locale, SmileyGroup[]>;
  byTag: ReadonlyMap<string, Smiley>;
}

/**
 * Fonts and smileys go out with every init call, and every sent message with a `-tag-` looks its
 * smileys up (recent-smileys.ts), so they are cached briefly in memory instead of being read
 * from the database each time.
 */
export class CatalogService {
  private cache: Catalog | null = null;
  /** The read under way: callers that miss together share it instead of each reading. */
  private loading: Promise<Catalog> | null = null;
  /** Bumped by invalidate(), so a read that an invalidation overtook is not kept. */
  private generation = 0;

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
    this.loading = null;
    this.generation += 1;
  }

  private load(): Promise<Catalog> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return Promise.resolve(this.cache);
    if (this.loading) return this.loading;
    const loading = this.read().finally(() => {
      if (this.loading === loading) this.loading = null;
    });
    this.loading = loading;
    return loading;
  }

  private async read(): Promise<Catalog> {
    const generation = this.generation;
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
    const catalog: Catalog = {
      at: Date.now(),
      fonts,
      groups: { ru: byLocale('ru'), en: byLocale('en') },
      byTag,
    };
    if (generation === this.generation) this.cache = catalog;
    return catalog;
  }
}

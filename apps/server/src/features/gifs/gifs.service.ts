import {
  GIFS_PAGE,
  RECENT_GIFS_MAX,
  type Gif,
  type GifCategory,
  type GifsPageMeta,
  type GifsQuery,
} from '@chat/shared';
import type { GifRow } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { searchPatterns } from './gif-search';
import { presentGif, presentGifCategory } from './gifs.presenter';
import type { GifsRepository } from './gifs.repository';

const CACHE_MS = 30_000;

/** The site's GIF library: categories (sent with every init, so cached), search, recent GIFs. */
export class GifsService {
  private cache: { at: number; categories: GifCategory[] } | null = null;

  constructor(private readonly repo: GifsRepository) {}

  async categories(): Promise<GifCategory[]> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.categories;
    const [rows, covers] = await Promise.all([this.repo.categories(), this.repo.covers()]);
    const categories = rows.map((c) => presentGifCategory(c, covers.get(c.id) ?? null));
    this.cache = { at: Date.now(), categories };
    return categories;
  }

  invalidate(): void {
    this.cache = null;
  }

  /** A page of GIFs, optionally of one category and matching every word of `q`. */
  async list(query: GifsQuery): Promise<{ gifs: Gif[]; meta: GifsPageMeta }> {
    const { rows, total } = await this.repo.search(
      {
        ...(query.category !== undefined ? { categoryId: query.category } : {}),
        patterns: searchPatterns(query.q),
      },
      { limit: GIFS_PAGE, offset: (query.page - 1) * GIFS_PAGE },
    );
    return {
      gifs: rows.map(presentGif),
      meta: {
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(total / GIFS_PAGE)),
        per_page: GIFS_PAGE,
        total,
      },
    };
  }

  /** A GIF of the library by id, as a row (messages store its id and present it). */
  async find(id: number): Promise<GifRow | undefined> {
    return this.repo.find(id);
  }

  async recent(userId: number): Promise<Gif[]> {
    return (await this.repo.recent(userId, RECENT_GIFS_MAX)).map(presentGif);
  }

  /** Records that the user sent this GIF: it goes first among their recent ones. */
  async markUsed(userId: number, gifId: number): Promise<void> {
    await this.repo.touchRecent(userId, gifId, nowIso(), RECENT_GIFS_MAX);
  }
}

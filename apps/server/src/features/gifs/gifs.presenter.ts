import type { Gif, GifCategory } from '@chat/shared';
import type { GifCategoryRow, GifRow } from '../../db/schema';

/** The library's files are shipped in apps/server/assets/gifs and served like the smileys. */
export const GIF_URL_PREFIX = '/assets/static/gifs/';

export const gifUrl = (file: string) => `${GIF_URL_PREFIX}${encodeURIComponent(file)}`;

export type GifFields = Pick<GifRow, 'id' | 'category_id' | 'title' | 'file' | 'width' | 'height'>;

export function presentGif(gif: GifFields): Gif {
  return {
    id: gif.id,
    category_id: gif.category_id,
    title: gif.title,
    url: gifUrl(gif.file),
    width: gif.width,
    height: gif.height,
  };
}

export function presentGifCategory(
  category: GifCategoryRow,
  coverFile: string | null,
): GifCategory {
  return {
    id: category.id,
    slug: category.slug,
    name: { ru: category.name_ru, en: category.name_en },
    cover_url: coverFile === null ? null : gifUrl(coverFile),
  };
}

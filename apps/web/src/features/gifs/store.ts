import { RECENT_GIFS_MAX, type Gif, type Locale } from '@chat/shared';
import { create } from 'zustand';

/** A category as init lists it (`gif_categories`); the name may come per language. */
export interface GifCategoryItem {
  id: number;
  name: string | { ru: string; en: string };
}

interface GifsState {
  categories: readonly GifCategoryItem[];
  /** GIFs sent from this tab, newest first, ahead of the server's `recent_gifs`. */
  sent: readonly Gif[];
  setCategories: (categories: readonly GifCategoryItem[]) => void;
  remember: (gif: Gif) => void;
}

export const useGifsStore = create<GifsState>()((set) => ({
  categories: [],
  sent: [],
  setCategories: (categories) => set({ categories }),
  remember: (gif) =>
    set((s) => ({
      sent: [gif, ...s.sent.filter((g) => g.id !== gif.id)].slice(0, RECENT_GIFS_MAX),
    })),
}));

export function categoryName(category: GifCategoryItem, locale: Locale): string {
  return typeof category.name === 'string' ? category.name : category.name[locale];
}

/** What a GIF is called in the interface's language: its category's name (its title is words to
 * find it by, in both languages). */
export function useGifName(): (gif: Pick<Gif, 'category_id'>, locale: Locale) => string | null {
  const categories = useGifsStore((s) => s.categories);
  return (gif, locale) => {
    const category = categories.find((c) => c.id === gif.category_id);
    return category ? categoryName(category, locale) : null;
  };
}

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

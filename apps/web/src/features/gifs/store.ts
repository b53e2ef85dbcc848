import { gifSchema, RECENT_GIFS_MAX, type Gif, type Locale } from '@chat/shared';
import { useMemo } from 'react';
import { z } from 'zod';
import { create } from 'zustand';
import { useSessionStore } from '../session/store';

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

const recentList = z.array(gifSchema);
const NONE: readonly Gif[] = [];

/** The user data's `recent_gifs`, read with care: an older server does not send them. */
function serverRecent(data: unknown): readonly Gif[] {
  if (typeof data !== 'object' || data === null || !('recent_gifs' in data)) return NONE;
  const parsed = recentList.safeParse(data.recent_gifs);
  return parsed.success ? parsed.data : NONE;
}

/** Recent GIFs: the ones sent here first, then the server's list, without repeats. */
export function useRecentGifs(): readonly Gif[] {
  const sent = useGifsStore((s) => s.sent);
  const userData = useSessionStore((s) => s.userData);
  return useMemo(() => {
    const seen = new Set(sent.map((g) => g.id));
    const rest = serverRecent(userData).filter((g) => !seen.has(g.id));
    return [...sent, ...rest].slice(0, RECENT_GIFS_MAX);
  }, [sent, userData]);
}

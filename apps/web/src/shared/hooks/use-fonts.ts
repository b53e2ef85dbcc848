import type { Font } from '@chat/shared';
import { create } from 'zustand';

interface FontsState {
  /** font id → CSS font-family, from the init call (spec section 3: fonts keyed by id). */
  families: ReadonlyMap<number, string>;
  setFonts: (fonts: readonly Font[]) => void;
}

export const useFontsStore = create<FontsState>()((set) => ({
  families: new Map(),
  setFonts: (fonts) => set({ families: new Map(fonts.map((f) => [f.id, f.font_family])) }),
}));

/** The font family of a nick's font id; null (the page's font) when unknown. */
export function useFontFamily(fontId: number | null): string | null {
  return useFontsStore((s) => (fontId === null ? null : (s.families.get(fontId) ?? null)));
}

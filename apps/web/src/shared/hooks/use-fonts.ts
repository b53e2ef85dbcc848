import type { Font } from '@chat/shared';
import { create } from 'zustand';

interface FontsState {
  /** font id → CSS font-family, from the init call (spec section 3: fonts keyed by id). */
  families: ReadonlyMap<number, string>;
  setFonts: (fonts: readonly Font[]) => void;
}

export const useFontsStore = create<FontsState>()((set) => ({
  families: new Map(),
  setFonts: (fonts) => {
    loadFontFaces(fonts);
    set({ families: new Map(fonts.map((f) => [f.id, f.font_family])) });
  },
}));

const loaded = new Set<string>();

/**
 * Fonts an admin uploaded come with the URL of their WOFF2 file: each is declared once as a
 * @font-face (the browser fetches it when a nick first uses it); system fonts have no URL.
 */
export function loadFontFaces(fonts: readonly Pick<Font, 'font_family' | 'url'>[]): void {
  if (typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) return;
  for (const font of fonts) {
    if (!font.url || loaded.has(font.url)) continue;
    loaded.add(font.url);
    document.fonts.add(
      new FontFace(font.font_family, `url(${JSON.stringify(font.url)})`, { display: 'swap' }),
    );
  }
}

/** The font family of a nick's font id; null (the page's font) when unknown. */
export function useFontFamily(fontId: number | null): string | null {
  return useFontsStore((s) => (fontId === null ? null : (s.families.get(fontId) ?? null)));
}

import { create } from 'zustand';

interface TitleState {
  /** A title only the page itself knows (a static page's own title); null uses the route's. */
  override: string | null;
  setOverride: (title: string | null) => void;
}

export const useTitleStore = create<TitleState>()((set) => ({
  override: null,
  setOverride: (title) => set({ override: title }),
}));

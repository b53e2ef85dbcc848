import { create } from 'zustand';

interface TitleState {
  /** A title only the page itself knows (a static page's own title); null uses the route's. */
  override: string | null;
  setOverride: (title: string | null) => void;
  /**
   * Messages waiting to be read while the person looks elsewhere (other rooms, private messages,
   * another tab): the title starts with "(n)". Written by the signed-in chunk, which has the
   * stores, so the first page's bundle does not carry them.
   */
  unread: number;
  setUnread: (count: number) => void;
}

export const useTitleStore = create<TitleState>()((set) => ({
  override: null,
  setOverride: (title) => set({ override: title }),
  unread: 0,
  setUnread: (count) => set({ unread: Math.max(0, count) }),
}));

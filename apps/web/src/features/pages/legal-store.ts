import { MODAL_SWAP_DELAY_MS } from '@chat/shared';
import { create } from 'zustand';

export type LegalSlug = 'privacy' | 'agreement';

interface LegalState {
  open: LegalSlug | null;
  show: (slug: LegalSlug) => void;
  hide: () => void;
}

let swapTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Which legal document is open in a modal. Going from one to the other closes the first and
 * opens the second MODAL_SWAP_DELAY_MS later, so the two modals never overlap mid-animation.
 */
export const useLegalStore = create<LegalState>()((set, get) => ({
  open: null,
  show: (slug) => {
    clearTimeout(swapTimer);
    const current = get().open;
    if (current === slug) return;
    if (current === null) {
      set({ open: slug });
      return;
    }
    set({ open: null });
    swapTimer = setTimeout(() => set({ open: slug }), MODAL_SWAP_DELAY_MS);
  },
  hide: () => {
    clearTimeout(swapTimer);
    set({ open: null });
  },
}));

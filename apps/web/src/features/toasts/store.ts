import { TOAST_AUTOHIDE_MS } from '@chat/shared';
import { create } from 'zustand';

export type ToastVariant = 'danger' | 'primary';

export interface Toast {
  id: number;
  text: string;
  variant: ToastVariant;
  /** Milliseconds before it hides itself; null keeps it until closed. */
  autohideMs: number | null;
}

export interface ToastInput {
  text: string;
  variant?: ToastVariant;
  /** false keeps the toast until the user closes it. */
  autohide?: boolean;
  delayMs?: number;
}

interface ToastsState {
  toasts: Toast[];
  push: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

let nextId = 1;

export const useToastsStore = create<ToastsState>()((set, get) => ({
  toasts: [],
  push: (input) => {
    const id = nextId++;
    const autohideMs = input.autohide === false ? null : (input.delayMs ?? TOAST_AUTOHIDE_MS);
    const toast: Toast = { id, text: input.text, variant: input.variant ?? 'primary', autohideMs };
    set({ toasts: [...get().toasts, toast] });
    if (autohideMs !== null) setTimeout(() => get().dismiss(id), autohideMs);
    return id;
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
  clear: () => set({ toasts: [] }),
}));

/** For code outside React (the API client). */
export function pushToast(input: ToastInput): number {
  return useToastsStore.getState().push(input);
}

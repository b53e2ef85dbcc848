import { TOAST_AUTOHIDE_MS } from '@chat/shared';
import { create } from 'zustand';

export type ToastVariant = 'danger' | 'primary';

export interface Toast {
  id: number;
  text: string;
  variant: ToastVariant;
  /** Milliseconds before it hides itself; null keeps it until closed. */
  autohideMs: number | null;
  /** Toasts with one key are one toast: a new push updates it in place. */
  key: string;
}

export interface ToastInput {
  text: string;
  variant?: ToastVariant;
  /** false keeps the toast until the user closes it. */
  autohide?: boolean;
  delayMs?: number;
  /**
   * The same key updates the toast already shown (its text and its timer) instead of adding
   * another; by default the variant and the text, so the same error five times is one toast.
   */
  key?: string;
}

interface ToastsState {
  toasts: Toast[];
  push: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

let nextId = 1;
const hideTimers = new Map<number, ReturnType<typeof setTimeout>>();

function stopTimer(id: number): void {
  clearTimeout(hideTimers.get(id));
  hideTimers.delete(id);
}

export const useToastsStore = create<ToastsState>()((set, get) => ({
  toasts: [],
  push: (input) => {
    const variant = input.variant ?? 'primary';
    const key = input.key ?? `${variant}:${input.text}`;
    const shown = get().toasts.find((t) => t.key === key);
    const id = shown?.id ?? nextId++;
    const autohideMs = input.autohide === false ? null : (input.delayMs ?? TOAST_AUTOHIDE_MS);
    const toast: Toast = { id, text: input.text, variant, autohideMs, key };
    set({
      toasts: shown ? get().toasts.map((t) => (t.id === id ? toast : t)) : [...get().toasts, toast],
    });
    stopTimer(id);
    if (autohideMs !== null)
      hideTimers.set(
        id,
        setTimeout(() => get().dismiss(id), autohideMs),
      );
    return id;
  },
  dismiss: (id) => {
    stopTimer(id);
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
  clear: () => {
    for (const id of hideTimers.keys()) stopTimer(id);
    set({ toasts: [] });
  },
}));

/** For code outside React (the API client). */
export function pushToast(input: ToastInput): number {
  return useToastsStore.getState().push(input);
}

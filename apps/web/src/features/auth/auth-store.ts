import { create } from 'zustand';

export type AuthDialog = 'signIn' | 'register';

interface AuthDialogState {
  visible: boolean;
  /** Kept after hiding, so the modal does not change its content while it fades out. */
  dialog: AuthDialog;
  /** A nick to start the registration form with (a guest keeping their nick). */
  nick: string;
  /** Where to go once signed in (the home page's cards lead into the chat); null stays put. */
  next: string | null;
  show: (dialog: AuthDialog, nick?: string, next?: string | null) => void;
  hide: () => void;
}

export const useAuthDialogStore = create<AuthDialogState>()((set) => ({
  visible: false,
  dialog: 'signIn',
  nick: '',
  next: null,
  // Switching between the two forms keeps the destination unless a new one is given.
  show: (dialog, nick = '', next) =>
    set((s) => ({ visible: true, dialog, nick, next: next === undefined ? s.next : next })),
  // The destination belongs to one opening: a later one from elsewhere stays where it is.
  hide: () => set({ visible: false, next: null }),
}));

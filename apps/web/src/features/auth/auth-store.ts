import { create } from 'zustand';

export type AuthDialog = 'signIn' | 'register';

interface AuthDialogState {
  visible: boolean;
  /** Kept after hiding, so the modal does not change its content while it fades out. */
  dialog: AuthDialog;
  /** A nick to start the registration form with (a guest keeping their nick). */
  nick: string;
  show: (dialog: AuthDialog, nick?: string) => void;
  hide: () => void;
}

export const useAuthDialogStore = create<AuthDialogState>()((set) => ({
  visible: false,
  dialog: 'signIn',
  nick: '',
  show: (dialog, nick = '') => set({ visible: true, dialog, nick }),
  hide: () => set({ visible: false }),
}));

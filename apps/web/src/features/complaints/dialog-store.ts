import type { ComplaintTarget } from '@chat/shared';
import { create } from 'zustand';

/** What a complaint is about: the wire's target, as the dialog files it. */
export interface ComplaintSubject {
  type: Exclude<ComplaintTarget, 'ban'>;
  id: number;
}

interface ComplaintDialogState {
  subject: ComplaintSubject | null;
  open: (subject: ComplaintSubject) => void;
  close: () => void;
}

/**
 * The one complaint dialog of the site: menus that offer "Report" (a message's, a profile's)
 * close as soon as they are clicked, so the dialog lives in the shell and they only open it.
 */
export const useComplaintDialog = create<ComplaintDialogState>()((set) => ({
  subject: null,
  open: (subject) => set({ subject }),
  close: () => set({ subject: null }),
}));

export const openComplaintDialog = (subject: ComplaintSubject) =>
  useComplaintDialog.getState().open(subject);

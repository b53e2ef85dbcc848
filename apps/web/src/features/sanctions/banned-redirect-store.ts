import { create } from 'zustand';

/**
 * Asks the shell to show /banned (a call refused with `banned`); counted, so each ask is seen.
 * A file of its own: the shell listens from the first paint, while the rest of the sanctions
 * feature (my-ban.ts and its calls) loads only when a sanction comes up.
 */
export const useBannedRedirect = create<{ requests: number }>()(() => ({ requests: 0 }));

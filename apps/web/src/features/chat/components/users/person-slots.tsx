import { createContext, useContext, type ReactNode } from 'react';

/**
 * What other features add to a person's card in the chat, composed by the chat page (a feature
 * shows no other feature's components itself): the messenger's "Write a private message" item
 * and the moderators' sanction dialog. Without a provider the card shows neither.
 */
export interface PersonSlots {
  writePrivate: (userId: number, onDone: () => void) => ReactNode;
  sanctionDialog: (target: { userId: number; nick: string }, onHide: () => void) => ReactNode;
}

const PersonSlotsContext = createContext<PersonSlots | null>(null);

export const PersonSlotsProvider = PersonSlotsContext.Provider;

export function usePersonSlots(): PersonSlots | null {
  return useContext(PersonSlotsContext);
}

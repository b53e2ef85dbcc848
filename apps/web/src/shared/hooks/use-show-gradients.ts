import { DEFAULT_CHAT_SETTINGS } from '@chat/shared';
import { create } from 'zustand';

/**
 * The viewer's "show gradients" chat setting, mirrored out of the chat store so that nicks drawn
 * by shared UI (profiles, lists, the messenger) follow it without importing the chat.
 */
export const useShowGradientsStore = create<{ value: boolean }>()(() => ({
  value: DEFAULT_CHAT_SETTINGS.show_gradients,
}));

export const useShowGradients = (): boolean => useShowGradientsStore((s) => s.value);

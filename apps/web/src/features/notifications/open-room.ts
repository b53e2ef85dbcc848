import { useChatStore } from '../chat/store';

/**
 * Shows a room the user was mentioned in: the chat loads (or shares the load the chat page
 * starts), then the room is selected if held, or entered. A refusal (a private room, a ban) is
 * toasted by the API client; the chat page then shows what it has.
 */
export async function openRoom(roomId: number): Promise<void> {
  try {
    if (useChatStore.getState().status !== 'ready') await useChatStore.getState().load();
    await useChatStore.getState().openRoom(roomId);
  } catch {
    // Already told by the API client.
  }
}

import { useImStore } from './store';

/**
 * Opens the docked messenger on the conversation with this person (made on first use), from the
 * chat's user list or a message's menu. Failures are the API client's toasts (403 says why).
 */
export async function startConversation(userId: number): Promise<void> {
  const im = useImStore.getState();
  const channelId = await im.openWith(userId);
  im.openDock(channelId);
}

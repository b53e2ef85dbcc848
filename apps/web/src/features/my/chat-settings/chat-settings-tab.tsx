import { ChatProvider } from '../../chat/components/chat-context';
import { SettingsForm } from '../../chat/components/settings/settings-panel';
import { previewSound } from '../../chat/sound';
import { useChatStore } from '../../chat/store';

/** The chat's own settings, the same ones as its drawer (and the one tab a guest has). */
export function ChatSettingsTab() {
  return (
    <div className="my-chat-settings" style={{ maxWidth: 480 }} data-testid="chat-settings-tab">
      <ChatProvider store={useChatStore} previewSound={previewSound}>
        <SettingsForm />
      </ChatProvider>
    </div>
  );
}

import '../../styles/chat-layout.css';
import '../../styles/chat-rooms.css';
import '../../styles/chat-states.css';
import '../../styles/chat-messages.css';
import '../../styles/chat-message-actions.css';
import '../../styles/chat-composer.css';
import '../../styles/chat-replies.css';
import '../../styles/chat-users.css';
import '../../styles/chat-guests.css';
import '../../styles/chat-settings.css';
import '../../styles/im.css';
import '../../styles/uploads.css';
import '../../styles/profiles.css';
import '../../styles/moderation.css';
import '../../styles/premium.css';
import '../../styles/video.css';
import { LeaveIfBanned } from '../../features/sanctions/components/leave-if-banned';
import { useSessionStore } from '../../features/session/store';
import { ChatScreen } from './chat-screen';
import { ChatWelcome } from './chat-welcome';

/** /{locale}/chat: the chat for a signed-in user (guests included), an invitation otherwise. */
export function ChatPage() {
  const userId = useSessionStore((s) => s.userData?.user.id ?? null);
  if (userId === null) return <ChatWelcome />;
  // Keyed by user: signing in as someone else starts the screen (and its loading) afresh.
  return (
    <LeaveIfBanned>
      <ChatScreen key={userId} userId={userId} />
    </LeaveIfBanned>
  );
}

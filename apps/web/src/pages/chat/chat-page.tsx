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

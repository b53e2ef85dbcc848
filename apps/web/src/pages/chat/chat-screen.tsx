import { useEffect, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ChatProvider } from '../../features/chat/components/chat-context';
import { settle } from '../../lib/settle';
import { ChatLayout } from '../../features/chat/components/layout/chat-layout';
import { previewSound } from '../../features/chat/sound';
import { useChatStore } from '../../features/chat/store';
import { useRealtimeStatus } from '../../features/realtime/store';
import { ChatLeft } from './chat-left';

// The user the chat store was last loaded for: coming back to /chat does not load it again,
// but a different user (after signing out and in) gets their own rooms.
let loadedFor: number | null = null;

export function ChatScreen({ userId }: { userId: number }) {
  const { t } = useTranslation('chat');
  const status = useChatStore((s) => s.status);
  const connection = useRealtimeStatus().state;
  // Once ready, "idle" again means the user left the chat (the store forgets every room then).
  const [wasReady, setWasReady] = useState(false);
  if (status === 'ready' && !wasReady) setWasReady(true);

  useEffect(() => {
    const chat = useChatStore.getState();
    // Coming back to the chat page in no room enters the main room again (the store's load).
    const roomless = chat.status === 'ready' && chat.rooms.rooms.length === 0;
    if (loadedFor !== userId || chat.status === 'idle' || roomless) {
      loadedFor = userId;
      settle(chat.load());
    }
  }, [userId]);

  if (status === 'error') {
    return (
      <div className="chat-state-screen" role="alert">
        <p className="mb-3">{t('loadError')}</p>
        <Button onClick={() => settle(useChatStore.getState().load())} data-testid="chat-retry">
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (status === 'idle' && wasReady) return <ChatLeft />;
  if (status !== 'ready') {
    return (
      <div className="chat-state-screen" role="status" data-testid="chat-loading">
        <Spinner animation="border" variant="primary" aria-hidden="true" />
        <span className="mt-3 text-body-secondary">{t('loading')}</span>
      </div>
    );
  }
  return (
    <ChatProvider store={useChatStore} connection={connection} previewSound={previewSound}>
      <ChatLayout />
    </ChatProvider>
  );
}

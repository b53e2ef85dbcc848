import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ChatProvider } from '../../features/chat/components/chat-context';
import { settle } from '../../lib/settle';
import { ChatLayout } from '../../features/chat/components/layout/chat-layout';
import { previewSound } from '../../features/chat/sound';
import { useSoundCatalogue } from '../../features/chat/sound-catalogue';
import { useChatStore } from '../../features/chat/store';
import { useRealtimeStatus } from '../../features/realtime/store';
import { PersonSlotsProvider } from '../../features/chat/components/users/person-slots';
import { ChatLeft } from './chat-left';
import { CHAT_PERSON_SLOTS } from './person-slots';
import { CHAT_ROOM_SLOTS } from './room-slots';
import { RoomSlotsProvider } from '../../features/chat/components/layout/room-slots';
import { useRoomAddress } from './use-room-address';

export function ChatScreen({ userId }: { userId: number }) {
  const { t } = useTranslation('chat');
  const status = useChatStore((s) => s.status);
  const connection = useRealtimeStatus().state;
  // Once ready, "idle" again means the user left the chat (the store forgets every room then).
  const [wasReady, setWasReady] = useState(false);
  if (status === 'ready' && !wasReady) setWasReady(true);

  useRoomAddress(userId);
  useSoundCatalogue();

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
      <PersonSlotsProvider value={CHAT_PERSON_SLOTS}>
        <RoomSlotsProvider value={CHAT_ROOM_SLOTS}>
          <ChatLayout />
        </RoomSlotsProvider>
      </PersonSlotsProvider>
    </ChatProvider>
  );
}

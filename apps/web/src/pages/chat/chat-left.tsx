import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { settle } from '../../lib/settle';
import { LogOutIcon } from '../../shared/ui/icons';
import { useChatStore } from '../../features/chat/store';

/** After "Leave chat": every room is closed; one button brings the user back in. */
export function ChatLeft() {
  const { t } = useTranslation('chat');
  return (
    <div className="chat-state-screen text-center" data-testid="chat-left">
      <div className="chat-no-room-icon" aria-hidden="true">
        <LogOutIcon size={28} />
      </div>
      <h1 className="h4">{t('left.title')}</h1>
      <p className="text-body-secondary">{t('left.lead')}</p>
      <Button onClick={() => settle(useChatStore.getState().load())} data-testid="chat-return">
        {t('left.back')}
      </Button>
    </div>
  );
}

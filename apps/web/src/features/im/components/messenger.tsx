import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelList } from './channel-list';
import { Conversation } from './conversation';
import { useImActions } from './im-context';

interface MessengerProps {
  channelId: number | null;
  onSelect: (channelId: number | null) => void;
  /** One pane at a time (phones, the dock): the list, or the conversation with a back button. */
  single: boolean;
}

/** The two panes of the messenger: conversations on the left, the open one on the right. */
export function Messenger({ channelId, onSelect, single }: MessengerProps) {
  const { t } = useTranslation('im');
  const actions = useImActions();
  useEffect(() => {
    void actions.loadChannels();
  }, [actions]);

  const showList = !single || channelId === null;
  const showConversation = !single || channelId !== null;
  return (
    <div className={`im-messenger${single ? ' is-single' : ''}`} data-testid="im-messenger">
      {showList && (
        <div className="im-pane-list">
          <ChannelList selectedId={channelId} onSelect={onSelect} />
        </div>
      )}
      {showConversation && (
        <div className="im-pane-conversation">
          {channelId === null ? (
            <div className="im-state text-body-secondary">{t('conversation.pick')}</div>
          ) : (
            <Conversation
              key={channelId}
              channelId={channelId}
              onBack={single ? () => onSelect(null) : undefined}
            />
          )}
        </div>
      )}
    </div>
  );
}

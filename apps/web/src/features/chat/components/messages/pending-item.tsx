import type { SmileyDictionary } from '@chat/shared';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../shared/ui/user-avatar';
import type { PendingMessage } from '../../types';
import type { Viewer } from '../../hooks/use-viewer';
import { ChatNick } from '../common/chat-nick';
import { AlertIcon, ClockIcon } from '../../../../shared/ui/icons';
import { MessageText } from '../../../../shared/ui/message-text';
import { MessageMedia } from './message-media';

interface PendingItemProps {
  pending: PendingMessage;
  viewer: Viewer;
  showAvatars: boolean;
  continued: boolean;
  dictionary: SmileyDictionary;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}

/** My message on its way: greyed, with where it is (queued, sending, failed). */
export function PendingItem(props: PendingItemProps) {
  const { pending, viewer, showAvatars, continued, dictionary } = props;
  const { t } = useTranslation('chat');
  const failed = pending.state === 'failed';
  return (
    <div
      className={`chat-message is-pending${failed ? ' is-failed' : ''}${continued ? ' is-continued' : ''}${showAvatars ? ' with-avatar' : ''}`}
      data-testid={`pending-${pending.client_id}`}
      data-state={pending.state}
    >
      {showAvatars && (
        <div className="chat-message-avatar">
          {!continued && <UserAvatar user={viewer.user} size={36} />}
        </div>
      )}
      <div className="chat-message-main">
        {!continued && (
          <div className="chat-message-head">
            <ChatNick nick={viewer.user.nick} className="chat-message-nick" />
          </div>
        )}
        <div className="chat-message-text">
          <MessageText text={pending.text} dictionary={dictionary} />
          <span className="chat-pending-state">
            {pending.state === 'queued' && (
              <span title={t('messages.queued')}>
                <ClockIcon size={13} />
                <span className="visually-hidden">{t('messages.queued')}</span>
              </span>
            )}
            {pending.state === 'waiting' && (
              <span className="chat-pending-waiting" data-testid="pending-waiting">
                <ClockIcon size={13} />
                <span className="ms-1">{t('messages.waiting')}</span>
              </span>
            )}
            {pending.state === 'sending' && (
              <Spinner
                size="sm"
                animation="border"
                className="chat-pending-spinner"
                role="status"
                aria-label={t('messages.sending')}
              />
            )}
          </span>
        </div>
        <MessageMedia message={pending} />
        {failed && (
          <div className="chat-pending-failed" role="alert">
            <AlertIcon size={14} />
            <span>
              {pending.error ? `${t('messages.failed')}: ${pending.error}` : t('messages.failed')}
            </span>
            <button
              type="button"
              className="link-button"
              onClick={() => props.onRetry(pending.client_id)}
              data-testid={`pending-retry-${pending.client_id}`}
            >
              {t('messages.retry')}
            </button>
            <button
              type="button"
              className="link-button text-body-secondary"
              onClick={() => props.onDiscard(pending.client_id)}
              data-testid={`pending-discard-${pending.client_id}`}
            >
              {t('messages.discard')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

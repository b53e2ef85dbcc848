import { useEffect } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { AvatarWithFrame } from '../../../shared/ui/avatar-with-frame';
import { profilePath } from '../../profiles/links';
import { useSessionStore } from '../../session/store';
import { ImComposer } from './composer';
import { useIm, useImActions } from './im-context';
import { StyledNick } from '../../../shared/ui/styled-nick';
import { MessageList } from './message-list';
import { useActiveChannel } from './use-active-channel';
import { useLiveUserOrNull } from '../../../shared/users/user-cache';

const BLOCK_REASONS = new Set(['guest', 'ignored', 'friends_only', 'deleted']);

interface ConversationProps {
  channelId: number;
  /** Back to the list (phones, the dock); absent where the list stays beside it. */
  onBack?: () => void;
}

/** One conversation: the other person on top, the history, the box (or why one cannot write). */
export function Conversation({ channelId, onBack }: ConversationProps) {
  const { t } = useTranslation('im');
  const locale = useLocale();
  const actions = useImActions();
  const viewerId = useSessionStore((s) => s.userData?.user.id ?? 0);
  const channel = useIm((s) => s.channels[channelId]);
  const person = useLiveUserOrNull(channel?.user);
  const history = useIm((s) => s.history[channelId]);
  const messages = useIm((s) => s.messages[channelId]);
  const pending = useIm((s) => s.pending[channelId]);
  useActiveChannel(history?.status === 'ready' ? channelId : null);

  useEffect(() => {
    void actions.loadChannel(channelId);
  }, [actions, channelId]);

  const back = onBack && (
    <button
      type="button"
      className="chat-icon-btn im-back"
      onClick={onBack}
      aria-label={t('conversation.back')}
      title={t('conversation.back')}
      data-testid="im-back"
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M15 18l-6-6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </button>
  );

  if (history?.status === 'not-found') {
    return (
      <section className="im-conversation" data-testid="im-not-found">
        <div className="im-head">{back}</div>
        <div className="im-state" role="alert">
          <p>{t('conversation.notFound')}</p>
          {onBack && (
            <Button size="sm" onClick={onBack}>
              {t('conversation.toList')}
            </Button>
          )}
        </div>
      </section>
    );
  }
  if (history?.status === 'error') {
    return (
      <section className="im-conversation">
        <div className="im-head">{back}</div>
        <div className="im-state" role="alert">
          <p>{t('conversation.error')}</p>
          <Button size="sm" onClick={() => void actions.loadChannel(channelId)}>
            {t('list.retry')}
          </Button>
        </div>
      </section>
    );
  }

  const blocked = channel?.blocked ?? null;
  return (
    <section className="im-conversation" data-testid="im-conversation" data-channel-id={channelId}>
      <header className="im-head">
        {back}
        {channel && person && (
          <>
            <AvatarWithFrame user={person} size={36} />
            <h2 className="im-head-nick" data-testid="im-head-nick">
              <Link
                to={profilePath(locale, person.slug)}
                className="im-head-link text-truncate"
                data-testid="im-head-profile"
              >
                <StyledNick nick={person.nick} className="text-truncate" />
              </Link>
            </h2>
          </>
        )}
      </header>
      {history === undefined || history.status === 'loading' || messages === undefined ? (
        <div className="im-state" role="status">
          <Spinner animation="border" variant="primary" aria-hidden="true" />
        </div>
      ) : (
        <MessageList
          key={channelId}
          channelId={channelId}
          messages={messages}
          pending={pending}
          viewerId={viewerId}
          hasOlder={history.hasOlder}
          loadingOlder={history.loadingOlder}
        />
      )}
      {blocked !== null ? (
        <p className="im-blocked" role="note" data-testid="im-blocked" data-reason={blocked}>
          {t(`blocked.${BLOCK_REASONS.has(blocked) ? blocked : 'other'}`)}
        </p>
      ) : (
        <ImComposer
          channelId={channelId}
          onSend={(text, attachments) => actions.send(channelId, text, attachments)}
        />
      )}
    </section>
  );
}

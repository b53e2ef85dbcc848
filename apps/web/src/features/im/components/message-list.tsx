import type { ImMessage } from '@chat/shared';
import { Fragment, useCallback } from 'react';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { settle } from '../../../lib/settle';
import { useChatScroll } from '../../../shared/hooks/use-chat-scroll';
import type { PendingImMessage } from '../types';
import { dayKey, dayLabel } from '../../../shared/time-format';
import { useImActions } from './im-context';
import { MessageItem } from './message-item';
import { PendingItem } from './pending-item';

const NO_PENDING: readonly PendingImMessage[] = [];

interface MessageListProps {
  channelId: number;
  messages: readonly ImMessage[];
  pending: readonly PendingImMessage[] | undefined;
  viewerId: number;
  hasOlder: boolean;
  loadingOlder: boolean;
}

/**
 * The conversation, oldest at the top: it opens at the newest message, keeps the reader's place
 * when older pages come in above (the chat's scrolling hook), and puts a day line between days.
 */
export function MessageList(props: MessageListProps) {
  const { channelId, messages, viewerId, hasOlder, loadingOlder } = props;
  const pending = props.pending ?? NO_PENDING;
  const { t } = useTranslation('im');
  const locale = useLocale();
  const actions = useImActions();
  const onLoadOlder = useCallback(() => settle(actions.loadOlder(channelId)), [actions, channelId]);
  const { scrollRef, contentRef, onScroll } = useChatScroll({
    firstId: messages[0]?.id ?? null,
    lastId: messages.at(-1)?.id ?? null,
    pendingCount: pending.length,
    canLoadOlder: hasOlder && !loadingOlder,
    onLoadOlder,
  });
  const onDelete = useCallback((m: ImMessage) => settle(actions.remove(m)), [actions]);
  const onRestore = useCallback((m: ImMessage) => settle(actions.restore(m)), [actions]);
  const onRetry = useCallback((id: string) => actions.retry(id), [actions]);
  const onDiscard = useCallback((id: string) => actions.discard(id), [actions]);
  const now = new Date();
  const words = { today: t('conversation.today'), yesterday: t('conversation.yesterday') };

  return (
    <div className="im-scroll" ref={scrollRef} onScroll={onScroll} data-testid="im-scroll">
      <div ref={contentRef} className="im-scroll-content">
        {loadingOlder && (
          <div className="im-older" role="status">
            <Spinner animation="border" size="sm" variant="primary" aria-hidden="true" />
            <span className="visually-hidden">{t('conversation.loadingOlder')}</span>
          </div>
        )}
        {messages.length === 0 && pending.length === 0 && (
          <p className="im-empty">{t('conversation.empty')}</p>
        )}
        <ol className="im-messages" aria-live="polite" data-testid="im-messages">
          {messages.map((message, index) => {
            const previous = messages[index - 1];
            const newDay =
              previous === undefined || dayKey(previous.created_at) !== dayKey(message.created_at);
            return (
              <Fragment key={message.id}>
                {newDay && (
                  <li className="im-day" data-testid="im-day">
                    <span>{dayLabel(message.created_at, locale, now, words)}</span>
                  </li>
                )}
                <MessageItem
                  message={message}
                  own={message.user.id === viewerId}
                  onDelete={onDelete}
                  onRestore={onRestore}
                />
              </Fragment>
            );
          })}
          {pending.map((p) => (
            <PendingItem key={p.client_id} pending={p} onRetry={onRetry} onDiscard={onDiscard} />
          ))}
        </ol>
      </div>
    </div>
  );
}

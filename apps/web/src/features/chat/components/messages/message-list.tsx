import { messageHiddenReason, type ChatMessage } from '@chat/shared';
import { useCallback, useMemo } from 'react';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../lib/use-locale';
import { useChatScroll } from '../../../../shared/hooks/use-chat-scroll';
import { useRovingRows } from '../../../../shared/hooks/use-roving-rows';
import { useSmileyDictionary } from '../../hooks/use-smileys';
import { useViewer } from '../../hooks/use-viewer';
import type { PendingMessage } from '../../types';
import { useChat, useChatActions } from '../chat-context';
import { ConfirmModal } from '../common/confirm-modal';
import { ArrowDownIcon } from '../../../../shared/ui/icons';
import { settle } from '../../../../lib/settle';
import { MessageItem } from './message-item';
import { HiddenGuestsBar } from './hidden-guests-bar';
import { PendingItem } from './pending-item';
import { continuesPrevious } from './grouping';
import { useMessageHandlers } from './use-message-handlers';
import { EditHistoryModal } from './edit-history-modal';

const NO_MESSAGES: readonly ChatMessage[] = [];
const NO_PENDING: readonly PendingMessage[] = [];
const MESSAGE_ROWS = '.chat-message, .chat-system';

interface MessageListProps {
  roomId: number;
  roomName: string;
}

/** The current room's messages, then my messages on their way. Remount it per room (key). */
export function MessageList({ roomId, roomName }: MessageListProps) {
  const { t } = useTranslation('chat');
  const locale = useLocale();
  const viewer = useViewer();
  const dictionary = useSmileyDictionary();
  const actions = useChatActions();
  const messages = useChat(
    (s) => s.rooms.rooms.find((room) => room.id === roomId)?.messages ?? NO_MESSAGES,
  );
  const pending = useChat((s) => s.pending[roomId] ?? NO_PENDING);
  const hasOlder = useChat((s) => s.hasOlder[roomId] ?? false);
  const loadingOlder = useChat((s) => s.loadingOlder[roomId] ?? false);
  const settings = useChat((s) => s.settings);
  const trolls = useChat((s) => s.trolls);
  const ignoredUsers = useChat((s) => s.ignoredUsers);
  const quoted = useChat((s) => s.quotedMessageIds);
  const { handlers, confirming, setConfirming, editHistory, setEditHistory } =
    useMessageHandlers(roomId);

  // Filtered here as well as on arrival, so that changing a setting or ignoring someone applies
  // to the messages already on screen (spec section 5).
  const visible = useMemo(() => {
    const ctx = { viewerId: viewer.id, trolls, ignoredUsers, settings };
    return messages.filter((message) => messageHiddenReason(message, ctx) === null);
  }, [messages, viewer.id, trolls, ignoredUsers, settings]);

  const onLoadOlder = useCallback(() => settle(actions.loadOlder(roomId)), [actions, roomId]);
  const { scrollRef, contentRef, onScroll, hasUnseen, seenId, scrollToBottom } = useChatScroll({
    firstId: visible[0]?.id ?? null,
    lastId: visible.at(-1)?.id ?? null,
    pendingCount: pending.length,
    canLoadOlder: hasOlder && !loadingOlder,
    onLoadOlder,
    memoryKey: `room.${roomId}`,
  });
  // One Tab stop for all the messages' links and actions; arrows move among them.
  useRovingRows(scrollRef, MESSAGE_ROWS);
  const unseen = hasUnseen ? visible.filter((m) => seenId === null || m.id > seenId).length : 0;
  const lastVisible = visible.at(-1);

  return (
    <div className="chat-messages-wrap">
      <HiddenGuestsBar messages={messages} />
      <div
        ref={scrollRef}
        className="chat-messages"
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t('messages.log', { room: roomName })}
        aria-busy={loadingOlder}
        data-testid="message-list"
      >
        <div ref={contentRef} className="chat-messages-content">
          <div className="chat-history-edge">
            {loadingOlder ? (
              <span className="d-inline-flex align-items-center gap-2" role="status">
                <Spinner size="sm" animation="border" aria-hidden="true" />
                {t('messages.loadingOlder')}
              </span>
            ) : !hasOlder && visible.length > 0 ? (
              t('messages.start')
            ) : null}
          </div>
          {visible.length === 0 && pending.length === 0 && !loadingOlder && (
            <div className="chat-empty">{t('messages.empty')}</div>
          )}
          {visible.map((message, index) => (
            <MessageItem
              key={message.id}
              message={message}
              continued={continuesPrevious(visible[index - 1], message)}
              viewer={viewer}
              showTime={settings.show_time}
              showAvatars={settings.show_avatars}
              locale={locale}
              dictionary={dictionary}
              quoted={quoted.has(message.id)}
              handlers={handlers}
            />
          ))}
          {pending.map((item, index) => (
            <PendingItem
              key={item.client_id}
              pending={item}
              viewer={viewer}
              showAvatars={settings.show_avatars}
              continued={index > 0 || lastVisible?.user.id === viewer.id}
              dictionary={dictionary}
              onRetry={(id) => actions.retryMessage(id)}
              onDiscard={(id) => actions.discardMessage(id)}
            />
          ))}
        </div>
      </div>
      {unseen > 0 && (
        <button
          type="button"
          className="chat-new-pill"
          onClick={() => scrollToBottom(true)}
          data-testid="new-messages"
        >
          {t('messages.newMessages')} <span className="badge rounded-pill">{unseen}</span>
          <ArrowDownIcon size={15} />
        </button>
      )}
      <ConfirmModal
        show={confirming !== null}
        title={t('messages.deleteTitle')}
        confirmLabel={t('messages.deleteConfirm')}
        cancelLabel={t('messages.cancel')}
        onConfirm={() => (confirming ? actions.deleteForEveryone(confirming) : Promise.resolve())}
        onHide={() => setConfirming(null)}
        testId="delete-everyone"
      >
        {t('messages.deleteText')}
      </ConfirmModal>
      <EditHistoryModal request={editHistory} onHide={() => setEditHistory(null)} />
    </div>
  );
}

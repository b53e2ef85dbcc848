import type { ChatMessage, Reaction } from '@chat/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useComposerStore } from '../../hooks/composer-store';
import { useChatActions } from '../chat-context';
import { settle } from '../../../../lib/settle';
import type { MessageHandlers } from './message-toolbar';
import { useReplyEditStore } from '../../hooks/reply-edit-store';
import { pushToast } from '../../../toasts/store';
import { jumpToMessage } from './jump-to-message';
import type { EditHistoryRequest } from './edit-history-modal';

/**
 * The message actions, made once per room so that memoised message items do not re-render, plus
 * the message waiting for "delete for everyone" to be confirmed and the one whose edit history
 * is open.
 */
export function useMessageHandlers(roomId: number) {
  const actions = useChatActions();
  const { t } = useTranslation('chat');
  const [confirming, setConfirming] = useState<ChatMessage | null>(null);
  const [editHistory, setEditHistory] = useState<EditHistoryRequest | null>(null);
  const handlers = useMemo<MessageHandlers>(
    () => ({
      onReact: (message: ChatMessage, reaction: Reaction) =>
        settle(actions.toggleReaction(message, reaction)),
      onMention: (message: ChatMessage) =>
        useComposerStore
          .getState()
          .mention(roomId, { userId: message.user.id, nick: message.user.nick.nick }),
      onQuote: (message: ChatMessage) => settle(actions.toggleQuote(message)),
      onReply: (message: ChatMessage) => useReplyEditStore.getState().reply(message),
      onEdit: (message: ChatMessage) => useReplyEditStore.getState().edit(message),
      onJumpTo: (id: number, from: HTMLElement) =>
        settle(
          jumpToMessage(from.closest('.chat-messages'), id, () => actions.loadOlder(roomId)).then(
            (found) => {
              if (!found) pushToast({ text: t('reply.notLoaded'), variant: 'primary' });
            },
          ),
        ),
      onDeleteForMe: (message: ChatMessage) => settle(actions.deleteForMe(message)),
      onDeleteForEveryone: setConfirming,
      onShowEdits: (message: ChatMessage, from: HTMLElement | null) =>
        setEditHistory({ message, from }),
    }),
    [actions, roomId, t],
  );
  return { handlers, confirming, setConfirming, editHistory, setEditHistory };
}

import type { ChatMessage, Reaction } from '@chat/shared';
import { useMemo, useState } from 'react';
import { useComposerStore } from '../../hooks/composer-store';
import { useChatActions } from '../chat-context';
import { settle } from '../../../../lib/settle';
import type { MessageHandlers } from './message-toolbar';

/**
 * The message actions, made once per room so that memoised message items do not re-render, plus
 * the message waiting for "delete for everyone" to be confirmed.
 */
export function useMessageHandlers(roomId: number) {
  const actions = useChatActions();
  const [confirming, setConfirming] = useState<ChatMessage | null>(null);
  const handlers = useMemo<MessageHandlers>(
    () => ({
      onReact: (message: ChatMessage, reaction: Reaction) =>
        settle(actions.toggleReaction(message, reaction)),
      onMention: (message: ChatMessage) =>
        useComposerStore
          .getState()
          .mention(roomId, { userId: message.user.id, nick: message.user.nick.nick }),
      onQuote: (message: ChatMessage) => settle(actions.toggleQuote(message)),
      onDeleteForMe: (message: ChatMessage) => settle(actions.deleteForMe(message)),
      onDeleteForEveryone: setConfirming,
    }),
    [actions, roomId],
  );
  return { handlers, confirming, setConfirming };
}

import { REACTION_EMOJI, reactionCounts, type ChatMessage, type Reaction } from '@chat/shared';
import { useTranslation } from 'react-i18next';

interface MessageReactionsProps {
  message: ChatMessage;
  viewerId: number;
  onToggle: (reaction: Reaction) => void;
}

/** The reactions under a message; mine are highlighted, and a click adds or takes mine back. */
export function MessageReactions({ message, viewerId, onToggle }: MessageReactionsProps) {
  const { t } = useTranslation('chat');
  const counts = reactionCounts(message);
  if (counts.length === 0) return null;
  return (
    <div className="chat-reactions">
      {counts.map(({ reaction, count, userIds }) => {
        const mine = userIds.includes(viewerId);
        const emoji = REACTION_EMOJI[reaction];
        return (
          <button
            key={reaction}
            type="button"
            className={`chat-reaction${mine ? ' is-mine' : ''}`}
            aria-pressed={mine}
            aria-label={t('messages.reactionCount', { emoji, count })}
            onClick={() => onToggle(reaction)}
            data-testid={`reaction-${message.id}-${reaction}`}
          >
            <span className="chat-reaction-emoji" aria-hidden="true">
              {emoji}
            </span>
            <span className="chat-reaction-count">{count}</span>
          </button>
        );
      })}
    </div>
  );
}

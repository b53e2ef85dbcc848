import {
  REACTION_EMOJI,
  REACTIONS,
  reactionCounts,
  type ForumPost,
  type Reaction,
} from '@chat/shared';
import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface PostReactionsProps {
  post: ForumPost;
  viewerId: number | null;
  /** Whether I may react (registered); else the counts show without buttons. */
  canReact: boolean;
  onToggle: (reaction: Reaction, on: boolean) => void;
}

/**
 * The reactions under a post, as the chat shows them under a message: a count per emoji, mine
 * pressed; a click takes mine back or adds it, and "React" offers the eight.
 */
export function PostReactions({ post, viewerId, canReact, onToggle }: PostReactionsProps) {
  const { t } = useTranslation('chat');
  const counts = reactionCounts(post);
  const mine = new Set(post.reactions.filter((r) => r.user.id === viewerId).map((r) => r.reaction));
  const who = (reaction: Reaction) =>
    post.reactions
      .filter((r) => r.reaction === reaction)
      .map((r) => r.user.nick)
      .join(', ');
  return (
    <div className="chat-reactions forum-reactions">
      {counts.map(({ reaction, count }) => (
        <button
          key={reaction}
          type="button"
          className={`chat-reaction${mine.has(reaction) ? ' is-mine' : ''}`}
          aria-pressed={mine.has(reaction)}
          aria-label={t('messages.reactionCount', { emoji: REACTION_EMOJI[reaction], count })}
          title={who(reaction)}
          disabled={!canReact}
          onClick={() => onToggle(reaction, !mine.has(reaction))}
          data-testid={`forum-reaction-${post.id}-${reaction}`}
        >
          <span className="chat-reaction-emoji" aria-hidden="true">
            {REACTION_EMOJI[reaction]}
          </span>
          <span className="chat-reaction-count">{count}</span>
        </button>
      ))}
      {canReact && (
        <Dropdown>
          <Dropdown.Toggle
            variant="link"
            size="sm"
            className="forum-react-toggle"
            data-testid={`forum-react-${post.id}`}
          >
            {t('messages.react')}
          </Dropdown.Toggle>
          <Dropdown.Menu className="forum-react-menu">
            {REACTIONS.map((reaction) => (
              <Dropdown.Item
                key={reaction}
                as="button"
                className="forum-react-pick"
                active={mine.has(reaction)}
                aria-label={t('messages.reactWith', { emoji: REACTION_EMOJI[reaction] })}
                onClick={() => onToggle(reaction, !mine.has(reaction))}
                data-testid={`forum-pick-${post.id}-${reaction}`}
              >
                {REACTION_EMOJI[reaction]}
              </Dropdown.Item>
            ))}
          </Dropdown.Menu>
        </Dropdown>
      )}
    </div>
  );
}

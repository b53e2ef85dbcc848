import { REACTION_EMOJI, reactionCounts, type ChatMessage, type Reaction } from '@chat/shared';
import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { Overlay, Tooltip } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { TaggedText } from '../../../../lib/tagged-text';
import { plainWhoReacted, reactorsOf, whoReactedText } from './who-reacted';

interface MessageReactionsProps {
  message: ChatMessage;
  viewerId: number;
  onToggle: (reaction: Reaction) => void;
}

/** A touch held this long shows who reacted instead of toggling mine. */
export const LONG_PRESS_MS = 500;

/** Keyboard focus shows the tooltip; a mouse click's focus does not (it has the hover). */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

interface ReactionButtonProps {
  message: ChatMessage;
  reaction: Reaction;
  count: number;
  mine: boolean;
  viewerId: number;
  onToggle: (reaction: Reaction) => void;
}

function ReactionButton({
  message,
  reaction,
  count,
  mine,
  viewerId,
  onToggle,
}: ReactionButtonProps) {
  const { t } = useTranslation('chat');
  const button = useRef<HTMLButtonElement>(null);
  const press = useRef<{ timer: ReturnType<typeof setTimeout> | null; shown: boolean }>({
    timer: null,
    shown: false,
  });
  const [open, setOpen] = useState(false);
  const [byTouch, setByTouch] = useState(false);
  const describedBy = useId();
  const emoji = REACTION_EMOJI[reaction];
  const who = whoReactedText(reactorsOf(message.reactions, reaction, viewerId), t);

  const endPress = () => {
    if (press.current.timer !== null) clearTimeout(press.current.timer);
    press.current.timer = null;
  };
  useEffect(() => endPress, []);
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    endPress();
    press.current.shown = false;
    press.current.timer = setTimeout(() => {
      press.current.shown = true;
      setByTouch(true);
      setOpen(true);
    }, LONG_PRESS_MS);
  };
  const onClick = () => {
    // The end of a long press is not a tap: it showed who reacted and changes nothing.
    if (press.current.shown) {
      press.current.shown = false;
      return;
    }
    setOpen(false);
    onToggle(reaction);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`chat-reaction${mine ? ' is-mine' : ''}`}
        aria-pressed={mine}
        aria-label={t('messages.reactionCount', { emoji, count })}
        aria-describedby={describedBy}
        onClick={onClick}
        onPointerEnter={(e) => e.pointerType === 'mouse' && (setByTouch(false), setOpen(true))}
        onPointerLeave={(e) => e.pointerType === 'mouse' && !byTouch && setOpen(false)}
        onPointerDown={onPointerDown}
        onPointerUp={endPress}
        onPointerCancel={endPress}
        onFocus={(e) => focusVisible(e.currentTarget) && setOpen(true)}
        onBlur={() => setOpen(false)}
        // A held finger opens the browser's own menu too; here it shows who reacted.
        onContextMenu={(e) => (press.current.timer !== null || byTouch ? e.preventDefault() : null)}
        data-testid={`reaction-${message.id}-${reaction}`}
      >
        <span className="chat-reaction-emoji" aria-hidden="true">
          {emoji}
        </span>
        <span className="chat-reaction-count">{count}</span>
        <span id={describedBy} hidden>
          {plainWhoReacted(who)}
        </span>
      </button>
      <Overlay
        target={button}
        show={open && who !== ''}
        placement="top"
        rootClose={byTouch}
        onHide={() => setOpen(false)}
      >
        {/* No id: the overlay would add it to the button's description beside ours. */}
        <Tooltip className="chat-who-reacted" data-testid={`who-reacted-${message.id}-${reaction}`}>
          <span aria-hidden="true">{emoji} </span>
          <TaggedText text={who} elements={{ n: <bdi /> }} />
        </Tooltip>
      </Overlay>
    </>
  );
}

/**
 * The reactions under a message; mine are highlighted, and a click adds or takes mine back.
 * Who reacted shows on hover or keyboard focus, and on a long press on a touch screen.
 */
export function MessageReactions({ message, viewerId, onToggle }: MessageReactionsProps) {
  const counts = reactionCounts(message);
  if (counts.length === 0) return null;
  return (
    <div className="chat-reactions">
      {counts.map(({ reaction, count, userIds }) => (
        <ReactionButton
          key={reaction}
          message={message}
          reaction={reaction}
          count={count}
          mine={userIds.includes(viewerId)}
          viewerId={viewerId}
          onToggle={onToggle}
        />
      ))}
    </div>
  );
}

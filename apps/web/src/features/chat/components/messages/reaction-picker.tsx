import { REACTION_EMOJI, REACTIONS, type Reaction } from '@chat/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { onGridKeyDown } from '../../../../shared/hooks/grid-keys';

interface ReactionPickerProps {
  messageId: number;
  /** Reactions I already gave: shown pressed, and picking one takes it back. */
  mine: ReadonlySet<Reaction>;
  onPick: (reaction: Reaction) => void;
}

export function ReactionPicker({ messageId, mine, onPick }: ReactionPickerProps) {
  const { t } = useTranslation('chat');
  const group = useRef<HTMLDivElement>(null);
  // Opened, it takes the focus (from a keyboard, the next keys are its arrows and Enter).
  useEffect(() => {
    group.current?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
  }, []);
  return (
    <div
      ref={group}
      className="chat-reaction-picker"
      role="group"
      aria-label={t('messages.react')}
      onKeyDown={(event) => onGridKeyDown(event, '.chat-reaction-pick')}
    >
      {REACTIONS.map((reaction) => (
        <button
          key={reaction}
          type="button"
          className={`chat-reaction-pick${mine.has(reaction) ? ' is-mine' : ''}`}
          aria-pressed={mine.has(reaction)}
          aria-label={t('messages.reactWith', { emoji: REACTION_EMOJI[reaction] })}
          title={REACTION_EMOJI[reaction]}
          onClick={() => onPick(reaction)}
          data-testid={`pick-reaction-${messageId}-${reaction}`}
        >
          {REACTION_EMOJI[reaction]}
        </button>
      ))}
    </div>
  );
}

import { mentionQueryAt, mentionSuggestions, type RoomUser } from '@chat/shared';
import {
  useId,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { AvatarWithFrame } from '../../../../shared/ui/avatar-with-frame';
import { useComposerStore } from '../../hooks/composer-store';
import { useRoomUsers } from '../../hooks/use-room-users';
import { useViewer } from '../../hooks/use-viewer';
import { ChatNick } from '../common/chat-nick';

/** What the message box needs to act as the list's combobox. */
export interface MentionCombobox {
  /** The textarea's ARIA while the list is open (a textarea may not take role="combobox"). */
  inputProps: {
    'aria-autocomplete': 'list';
    'aria-haspopup': 'listbox';
    'aria-controls'?: string;
    'aria-activedescendant'?: string;
  };
  /** Runs before the box's own keys; a key it handles is default-prevented. */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  /** Caret moves and typing: the list follows the "@…" at the caret. */
  onSelect: (event: SyntheticEvent<HTMLTextAreaElement>) => void;
  onBlur: () => void;
  popup: ReactNode;
}

/**
 * The room's people offered while an "@nick" is typed in the room's message box: the people the
 * viewer sees in the user list (the same rules of guests, trolls and invisible people), the
 * viewer left out, narrowed as the nick is typed. Arrows move, Enter or Tab picks, Escape closes;
 * a click or a tap picks too. The picked nick goes in whole, as the server's mention rule reads
 * it, and the pick is remembered so the server links it even where typing would be ambiguous.
 */
export function useMentionList(
  roomId: number,
  text: string,
  inputRef: RefObject<HTMLTextAreaElement | null>,
): MentionCombobox {
  const { t } = useTranslation('chat');
  const viewer = useViewer();
  const { visible } = useRoomUsers(roomId);
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  // The "@" whose list was closed by Escape or by a pick: it stays closed until another "@".
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const [active, setActive] = useState({ key: '', index: 0 });

  const query = caret === null ? null : mentionQueryAt(text, caret);
  const options =
    query === null || query.start === closedAt
      ? []
      : mentionSuggestions(
          visible.filter((entry) => entry.user.id !== viewer.id),
          query.query,
          (entry) => entry.user.nick.nick,
        );
  const open = options.length > 0;
  const key = query ? `${query.start}:${query.query}` : '';
  const index = active.key === key ? Math.min(active.index, options.length - 1) : 0;
  const optionId = (entry: RoomUser) => `${listId}-${entry.user.id}`;

  // The "@" closed earlier is gone (deleted, sent, or the caret left it): the next one opens
  // again. Adjusted while rendering, as React advises for state that follows other state.
  if (query === null && closedAt !== null) setClosedAt(null);

  // The caret follows the text when it changes from outside (a pick, a sent message).
  const readCaret = () => {
    const input = inputRef.current;
    setCaret(input && document.activeElement === input ? input.selectionStart : null);
  };

  const pick = (entry: RoomUser) => {
    if (query === null || caret === null) return;
    useComposerStore
      .getState()
      .completeMention(
        roomId,
        { userId: entry.user.id, nick: entry.user.nick.nick },
        query.start,
        caret,
      );
    setClosedAt(query.start);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || event.nativeEvent.isComposing) return;
    const move = (step: number) =>
      setActive({ key, index: (index + step + options.length) % options.length });
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
      const entry = options[index];
      if (entry) pick(entry);
    } else if (event.key === 'Escape') {
      // Only the list closes, not a drawer or dialog around the box.
      event.stopPropagation();
      setClosedAt(query?.start ?? null);
    } else return;
    event.preventDefault();
  };

  const current = open ? options[index] : undefined;
  return {
    inputProps: {
      'aria-autocomplete': 'list',
      'aria-haspopup': 'listbox',
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': current ? optionId(current) : undefined,
    },
    onKeyDown,
    onSelect: readCaret,
    onBlur: () => setCaret(null),
    popup: (
      <>
        {open && (
          <ul
            id={listId}
            role="listbox"
            aria-label={t('mentions.list')}
            className="chat-mention-list shadow"
            // Keeps the focus (and the phone's keyboard) in the box while an option is tapped.
            onPointerDown={(event) => event.preventDefault()}
            data-testid="mention-list"
          >
            {options.map((entry, i) => (
              <li
                key={entry.user.id}
                id={optionId(entry)}
                role="option"
                aria-selected={i === index}
                className={`chat-mention-option${i === index ? ' is-active' : ''}`}
                onClick={() => pick(entry)}
                data-testid={`mention-option-${entry.user.id}`}
              >
                <span aria-hidden="true" className="chat-mention-avatar">
                  <AvatarWithFrame user={entry.user} size={24} />
                </span>
                <ChatNick nick={entry.user.nick} className="chat-mention-nick text-truncate" />
              </li>
            ))}
          </ul>
        )}
        {/* Always there, so that a screen reader hears the count change as the list opens. */}
        <span className="visually-hidden" role="status">
          {open ? t('mentions.count', { count: options.length }) : ''}
        </span>
      </>
    ),
  };
}

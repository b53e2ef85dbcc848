import { remainingChars } from '@chat/shared';
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_DRAFT, mentionIds, useComposerStore } from '../../hooks/composer-store';
import { rememberSmiley } from '../../hooks/use-smileys';
import { useViewer } from '../../hooks/use-viewer';
import { useChatActions } from '../chat-context';
import { SendIcon } from '../common/icons';
import { CharCounter } from './char-counter';
import { SmileyButton } from './smiley-button';

interface ComposerProps {
  roomId: number;
  roomName: string;
}

/** The message box: Enter sends, Shift+Enter starts a new line; the draft is kept per room. */
export function Composer({ roomId, roomName }: ComposerProps) {
  const { t } = useTranslation('chat');
  const viewer = useViewer();
  const actions = useChatActions();
  const draft = useComposerStore((s) => s.drafts[roomId] ?? EMPTY_DRAFT);
  const focusSeq = useComposerStore((s) => s.focusSeq);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const remaining = remainingChars(draft.text, viewer.isGuest);
  const blank = draft.text.trim() === '';
  const canSend = !blank && remaining >= 0;

  // A nick or a smiley put in from elsewhere: focus the box with the caret after it. Only for a
  // change made after mounting: a phone's keyboard should not pop up on merely opening a room.
  const handledSeq = useRef(focusSeq);
  useLayoutEffect(() => {
    const input = inputRef.current;
    const caret = useComposerStore.getState().caret;
    if (focusSeq === handledSeq.current || input === null || caret === null) return;
    handledSeq.current = focusSeq;
    input.focus();
    input.setSelectionRange(caret, caret);
  }, [focusSeq]);

  const send = () => {
    if (!canSend) return;
    actions.sendMessage(roomId, draft.text.trim(), mentionIds(draft));
    useComposerStore.getState().clear(roomId);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method is composing a word, Enter picks the word, it does not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const insertSmiley = (tag: string) => {
    rememberSmiley(tag);
    const caret = inputRef.current?.selectionStart ?? undefined;
    useComposerStore.getState().insertText(roomId, `-${tag}-`, caret);
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <SmileyButton onPick={insertSmiley} />
      <div className="chat-composer-field">
        <textarea
          ref={inputRef}
          className="chat-composer-input"
          rows={1}
          value={draft.text}
          onChange={(event) => {
            useComposerStore.getState().setText(roomId, event.target.value);
            if (event.target.value.trim() !== '') actions.notifyTyping(roomId);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('composer.placeholderRoom', { room: roomName })}
          aria-label={t('composer.label')}
          aria-invalid={remaining < 0}
          aria-describedby="composer-counter"
          enterKeyHint="send"
          data-testid="composer"
        />
        <CharCounter id="composer-counter" remaining={remaining} />
      </div>
      <button
        type="submit"
        className="chat-send"
        disabled={!canSend}
        aria-label={t('composer.send')}
        title={t('composer.send')}
        data-testid="send"
      >
        <SendIcon size={18} />
      </button>
    </form>
  );
}

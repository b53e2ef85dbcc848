import { remainingChars, type Attachment } from '@chat/shared';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { SendIcon } from '../../chat/components/common/icons';
import { CharCounter } from '../../chat/components/composer/char-counter';
import { SmileyButton } from '../../chat/components/composer/smiley-button';
import { rememberSmiley } from '../../chat/hooks/use-smileys';
import { AttachButton, droppedFiles, UploadTray, usePendingUploads } from '../../uploads';

/** Drafts per channel, kept while the tab lives: switching conversations loses nothing typed. */
const useDrafts = create<{ drafts: Record<number, string> }>()(() => ({ drafts: {} }));
const setDraft = (channelId: number, text: string) =>
  useDrafts.setState((s) => ({ drafts: { ...s.drafts, [channelId]: text } }));

interface ComposerProps {
  channelId: number;
  onSend: (text: string, attachments: readonly Attachment[]) => void;
}

/**
 * The private message box: Enter sends, Shift+Enter starts a new line, as in the chat; pictures
 * by the paperclip or by pasting (18+ ones may be sent here, the recipient sees them blurred).
 */
export function ImComposer({ channelId, onSend }: ComposerProps) {
  const { t } = useTranslation('im');
  const text = useDrafts((s) => s.drafts[channelId] ?? '');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // Only registered people write here, so the registered limit applies.
  const remaining = remainingChars(text, false);
  const uploads = usePendingUploads(`im-${channelId}`);
  const canSend =
    (text.trim() !== '' || uploads.ready.length > 0) && remaining >= 0 && !uploads.busy;
  const counterId = `im-counter-${channelId}`;

  const send = () => {
    if (!canSend) return;
    onSend(text.trim(), uploads.ready);
    uploads.clear(uploads.readyIds);
    setDraft(channelId, '');
    inputRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method is composing a word, Enter picks the word, it does not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = droppedFiles(event.clipboardData);
    if (files.length === 0) return;
    // A pasted picture is attached; pasted text goes into the box as usual.
    event.preventDefault();
    uploads.add(files);
  };
  const insertSmiley = (tag: string) => {
    rememberSmiley(tag);
    const input = inputRef.current;
    const at = input?.selectionStart ?? text.length;
    setDraft(channelId, `${text.slice(0, at)}-${tag}-${text.slice(at)}`);
    input?.focus();
  };

  return (
    <>
      <UploadTray
        items={uploads.items}
        onRemove={uploads.remove}
        onRetry={uploads.retry}
        onToggleAdult={uploads.setAdult}
      />
      <form
        className="chat-composer im-composer"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <SmileyButton onPick={insertSmiley} />
        <AttachButton onFiles={uploads.add} />
        <div className="chat-composer-field">
          <textarea
            ref={inputRef}
            className="chat-composer-input"
            rows={1}
            value={text}
            onChange={(event) => setDraft(channelId, event.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            placeholder={t('composer.placeholder')}
            aria-label={t('composer.label')}
            aria-invalid={remaining < 0}
            aria-describedby={counterId}
            enterKeyHint="send"
            data-testid="im-composer"
          />
          <CharCounter id={counterId} remaining={remaining} />
        </div>
        <button
          type="submit"
          className="chat-send"
          disabled={!canSend}
          aria-label={t('composer.send')}
          title={t('composer.send')}
          data-testid="im-send"
        >
          <SendIcon size={18} />
        </button>
      </form>
    </>
  );
}

import type { ClipboardEvent, KeyboardEvent, ReactNode, RefObject, SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SendIcon } from '../../shared/ui/icons';
import { CharCounter } from './char-counter';
import { GagBanner, useMyActiveGag } from '../sanctions/components/gag-banner';
import { AttachButton, droppedFiles, UploadTray, type PendingUploads } from '../uploads';

export interface MessageBoxProps {
  /** The box's pictures: previews above it, the paperclip and pasting add to them. */
  uploads: PendingUploads;
  text: string;
  onTextChange: (text: string) => void;
  /** Called on Enter or the send button, only while `canSend`. */
  onSend: () => void;
  canSend: boolean;
  /** Characters left; the counter shows it and the box is marked invalid below zero. */
  remaining: number;
  /** The buttons before the paperclip (smileys, GIFs). */
  tools: ReactNode;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  className: string;
  counterId: string;
  placeholder: string;
  label: string;
  sendLabel: string;
  testId: string;
  sendTestId: string;
  /** An autocomplete list the box drives (the room's @ list): its ARIA, keys and popup. */
  combobox?: BoxCombobox;
  /** Keys of the conversation (Escape, ArrowUp): after the list's, before Enter's sending. */
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
}

/** What an autocomplete list gives the box (see the chat's useMentionList). */
export interface BoxCombobox {
  inputProps: Record<`aria-${string}`, string | undefined>;
  /** Runs first; a key it handles is default-prevented and the box leaves it alone. */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  onSelect: (event: SyntheticEvent<HTMLTextAreaElement>) => void;
  onBlur: () => void;
  popup: ReactNode;
}

/**
 * The message box every conversation of the site uses (a room's, a private channel's): Enter
 * sends, Shift+Enter starts a new line, pictures come by the paperclip or by pasting, and a
 * counter says how many characters are left. While I am gagged it says why and takes nothing.
 */
export function MessageBox({
  uploads,
  text,
  onTextChange,
  onSend,
  canSend,
  remaining,
  tools,
  inputRef,
  className,
  counterId,
  placeholder,
  label,
  sendLabel,
  testId,
  sendTestId,
  combobox,
  onKeyDown: onConversationKey,
}: MessageBoxProps) {
  const { t } = useTranslation('sanctions');
  const gagged = useMyActiveGag();
  const send = () => {
    if (canSend && gagged === null) onSend();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    combobox?.onKeyDown(event);
    if (event.defaultPrevented) return;
    onConversationKey?.(event);
    if (event.defaultPrevented) return;
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

  return (
    <>
      <GagBanner />
      <UploadTray
        items={uploads.items}
        onRemove={uploads.remove}
        onRetry={uploads.retry}
        onToggleAdult={uploads.setAdult}
      />
      <form
        className={className}
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        {/* A GIF or a picture would be refused as well: no tools while gagged. */}
        {gagged === null && tools}
        {gagged === null && <AttachButton onFiles={uploads.add} />}
        <div className="chat-composer-field">
          {combobox?.popup}
          <textarea
            {...combobox?.inputProps}
            onSelect={combobox?.onSelect}
            onBlur={combobox?.onBlur}
            ref={inputRef}
            className="chat-composer-input"
            rows={1}
            value={text}
            onChange={(event) => onTextChange(event.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            placeholder={gagged ? t('gag.disabled', { reason: gagged.reason }) : placeholder}
            disabled={gagged !== null}
            aria-label={label}
            aria-invalid={remaining < 0}
            aria-describedby={counterId}
            enterKeyHint="send"
            data-testid={testId}
          />
          <CharCounter id={counterId} remaining={remaining} />
        </div>
        <button
          type="submit"
          className="chat-send"
          disabled={!canSend || gagged !== null}
          aria-label={sendLabel}
          title={sendLabel}
          data-testid={sendTestId}
        >
          <SendIcon size={18} />
        </button>
      </form>
    </>
  );
}

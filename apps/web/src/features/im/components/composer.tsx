import { remainingChars, type Attachment } from '@chat/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { keepDraftsPerAccount, type DraftShelf } from '../../../lib/account-drafts';
import { signedInAccount } from '../../session/signed-in-account';
import { SmileyButton } from '../../chat/components/composer/smiley-button';
import { rememberSmiley } from '../../chat/hooks/use-smileys';
import { MessageBox } from '../../composer/message-box';
import { usePendingUploads } from '../../uploads';

/** Drafts per conversation: switching conversations or reloading loses nothing typed. */
const useDrafts = create<{ drafts: Record<number, string> }>()(() => ({ drafts: {} }));
const IM_DRAFTS: DraftShelf<string> = {
  kind: 'im',
  parse: (value) => (typeof value === 'string' ? value : null),
  isEmpty: (draft) => draft === '',
};
keepDraftsPerAccount(useDrafts, IM_DRAFTS, signedInAccount);
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

  const send = () => {
    onSend(text.trim(), uploads.ready);
    uploads.clear(uploads.readyIds);
    setDraft(channelId, '');
    inputRef.current?.focus();
  };
  const insertSmiley = (tag: string) => {
    rememberSmiley(tag);
    const input = inputRef.current;
    const at = input?.selectionStart ?? text.length;
    setDraft(channelId, `${text.slice(0, at)}-${tag}-${text.slice(at)}`);
    input?.focus();
  };

  return (
    <MessageBox
      uploads={uploads}
      text={text}
      onTextChange={(value) => setDraft(channelId, value)}
      onSend={send}
      canSend={canSend}
      remaining={remaining}
      tools={<SmileyButton onPick={insertSmiley} />}
      inputRef={inputRef}
      className="chat-composer im-composer"
      counterId={`im-counter-${channelId}`}
      placeholder={t('composer.placeholder')}
      label={t('composer.label')}
      sendLabel={t('composer.send')}
      testId="im-composer"
      sendTestId="im-send"
    />
  );
}

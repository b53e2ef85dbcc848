import { remainingChars } from '@chat/shared';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_DRAFT, mentionIds, useComposerStore } from '../../hooks/composer-store';
import { rememberSmiley } from '../../hooks/use-smileys';
import { useViewer } from '../../hooks/use-viewer';
import { useChatActions } from '../chat-context';
import { SmileyButton } from './smiley-button';
import { useUploadsStore } from '../../../uploads';
import { MessageBox } from '../../../composer/message-box';
import { GifButton } from '../../../gifs/gif-button';
import { useGifsStore } from '../../../gifs/store';
import { roomUploadsOwner, useRoomUploads } from './use-room-uploads';
import { UploadsNotice } from './uploads-notice';
import { useRoomFocus } from './use-room-focus';
import { useMentionList } from './mention-list';

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
  useRoomFocus(roomId, inputRef);
  const mentionList = useMentionList(roomId, draft.text, inputRef);
  const remaining = remainingChars(draft.text, viewer.isGuest);
  const uploads = useRoomUploads(roomId);
  const blank = draft.text.trim() === '' && uploads.items.length === 0;
  // An adult picture cannot go to the public chat: the notice above the box says why.
  const canSend = !blank && remaining >= 0 && !uploads.hasAdult;

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

  // Reads the stores when it runs: a message waiting for its pictures leaves with what is
  // ready then, and with the text as it is then.
  const sendNow = () => {
    const current = useComposerStore.getState().drafts[roomId] ?? EMPTY_DRAFT;
    const owner = roomUploadsOwner(roomId);
    const ready = (useUploadsStore.getState().items[owner] ?? []).filter(
      (item) => item.state === 'ready' && item.attachment !== null,
    );
    const attachments = ready.flatMap((item) => (item.attachment ? [item.attachment] : []));
    if (current.text.trim() === '' && attachments.length === 0) return;
    const text = current.text.trim();
    if (attachments.length === 0) actions.sendMessage(roomId, text, mentionIds(current));
    else actions.sendMessage(roomId, text, mentionIds(current), { attachments });
    useComposerStore.getState().clear(roomId);
    useUploadsStore.getState().clear(
      owner,
      ready.map((item) => item.id),
    );
  };

  const send = () => {
    uploads.trySend(sendNow);
    inputRef.current?.focus();
  };

  const insertSmiley = (tag: string) => {
    rememberSmiley(tag);
    const caret = inputRef.current?.selectionStart ?? undefined;
    useComposerStore.getState().insertText(roomId, `-${tag}-`, caret);
  };

  return (
    <>
      <UploadsNotice notice={uploads.notice} />
      <MessageBox
        uploads={uploads}
        text={draft.text}
        onTextChange={(text) => {
          useComposerStore.getState().setText(roomId, text);
          if (text.trim() !== '') actions.notifyTyping(roomId);
        }}
        onSend={send}
        canSend={canSend}
        remaining={remaining}
        tools={
          <>
            <SmileyButton onPick={insertSmiley} />
            <GifButton
              onPick={(gif) => {
                useGifsStore.getState().remember(gif);
                actions.sendMessage(roomId, '', [], { gif });
              }}
            />
          </>
        }
        inputRef={inputRef}
        className="chat-composer"
        counterId="composer-counter"
        placeholder={t('composer.placeholderRoom', { room: roomName })}
        label={t('composer.label')}
        sendLabel={t('composer.send')}
        testId="composer"
        sendTestId="send"
        combobox={mentionList}
      />
    </>
  );
}

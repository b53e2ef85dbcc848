import { mayEditMessage, MESSAGE_TYPE, remainingChars, type ChatMessage } from '@chat/shared';
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_DRAFT, mentionIds, useComposerStore } from '../../hooks/composer-store';
import { rememberSmiley } from '../../hooks/use-smileys';
import { useViewer } from '../../hooks/use-viewer';
import { useChat, useChatActions } from '../chat-context';
import { useReplyEditStore } from '../../hooks/reply-edit-store';
import { settle } from '../../../../lib/settle';
import { ReplyBar } from './reply-bar';
import { SmileyButton } from './smiley-button';
import { useUploadsStore } from '../../../uploads';
import { MessageBox } from '../../../composer/message-box';
import { GifButton } from '../../../gifs/gif-button';
import { useGifsStore } from '../../../gifs/store';
import { roomUploadsOwner, useRoomUploads } from './use-room-uploads';
import { UploadsNotice } from './uploads-notice';
import { useRoomFocus } from './use-room-focus';
import { useMentionList } from './mention-list';
import { DESKTOP_QUERY, useMediaQuery } from '../../../../shared/hooks/use-media-query';

interface ComposerProps {
  roomId: number;
  roomName: string;
}

/** The message box: Enter sends, Shift+Enter starts a new line; the draft is kept per room. */
export function Composer({ roomId, roomName }: ComposerProps) {
  const { t } = useTranslation('chat');
  const wide = useMediaQuery(DESKTOP_QUERY);
  const viewer = useViewer();
  const actions = useChatActions();
  const draft = useComposerStore((s) => s.drafts[roomId] ?? EMPTY_DRAFT);
  const focusSeq = useComposerStore((s) => s.focusSeq);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  useRoomFocus(roomId, inputRef);
  const mentionList = useMentionList(roomId, draft.text, inputRef);
  const replyTo = useReplyEditStore((s) => s.replyTo[roomId]);
  const editing = useReplyEditStore((s) => s.editing[roomId]);
  const lastMine = useChat((s) =>
    lastOwnMessage(s.rooms.rooms.find((r) => r.id === roomId)?.messages, viewer.id),
  );
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
    const replyEdit = useReplyEditStore.getState();
    const edited = replyEdit.editing[roomId];
    if (edited) {
      // The draft comes back once the edit is saved; a refused one stays in the box.
      settle(
        actions
          .editMessage(edited.message, text, mentionIds(current))
          .then(() => useReplyEditStore.getState().endEdit(roomId)),
      );
      return;
    }
    const replyToNow = replyEdit.replyTo[roomId];
    const extras = {
      ...(attachments.length > 0 ? { attachments } : {}),
      ...(replyToNow ? { replyTo: replyToNow } : {}),
    };
    if (attachments.length === 0 && !replyToNow)
      actions.sendMessage(roomId, text, mentionIds(current));
    else actions.sendMessage(roomId, text, mentionIds(current), extras);
    if (replyToNow) replyEdit.cancelReply(roomId);
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

  // Escape lets go of a reply or an edit; ArrowUp in an empty box edits my last message.
  const onConversationKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const store = useReplyEditStore.getState();
    if (event.key === 'Escape' && (editing || replyTo)) {
      event.preventDefault();
      if (editing) store.endEdit(roomId);
      else store.cancelReply(roomId);
    } else if (
      event.key === 'ArrowUp' &&
      !editing &&
      draft.text === '' &&
      lastMine !== null &&
      lastMine.abilities?.edit !== false &&
      mayEditMessage(viewer, lastMine, Date.now())
    ) {
      event.preventDefault();
      store.edit(lastMine);
    }
  };

  return (
    <>
      <UploadsNotice notice={uploads.notice} />
      <ReplyBar roomId={roomId} />
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
        placeholder={
          // The room by name where the box is wide; a phone's box shows the short form whole.
          wide ? t('composer.placeholderRoom', { room: roomName }) : t('composer.placeholder')
        }
        label={t('composer.label')}
        sendLabel={editing ? t('reply.save') : t('composer.send')}
        onKeyDown={onConversationKey}
        testId="composer"
        sendTestId="send"
        combobox={mentionList}
      />
    </>
  );
}

/** My newest message of the room that is not a notice (what ArrowUp edits), or null. */
function lastOwnMessage(
  messages: readonly ChatMessage[] | undefined,
  viewerId: number,
): ChatMessage | null {
  if (!messages) return null;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.user.id === viewerId && message.type_id !== MESSAGE_TYPE.system) return message;
  }
  return null;
}

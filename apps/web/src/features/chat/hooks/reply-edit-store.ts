import { quoteOf, type ChatMessage, type ReplyQuote } from '@chat/shared';
import { create } from 'zustand';
import { EMPTY_DRAFT, useComposerStore, type Draft } from './composer-store';

/** A message being edited in the composer, and the draft it put aside meanwhile. */
export interface Editing {
  message: ChatMessage;
  putAside: Draft;
}

interface ReplyEditState {
  /** Per room: the message the next one answers (the quote bar above the composer). */
  replyTo: Readonly<Record<number, ReplyQuote>>;
  /** Per room: the message whose text is in the composer to be edited. */
  editing: Readonly<Record<number, Editing>>;
  reply: (message: ChatMessage) => void;
  cancelReply: (roomId: number) => void;
  /** Puts the message's text in the composer (the draft waits) and focuses it. */
  edit: (message: ChatMessage) => void;
  /** Gives the draft back: after saving, or on Escape / × (nothing is saved then). */
  endEdit: (roomId: number) => void;
}

const without = <T>(map: Readonly<Record<number, T>>, roomId: number) => {
  const next = { ...map };
  delete next[roomId];
  return next;
};

/** Replaces the room's draft and puts the caret at its end, focusing the composer. */
function putDraft(roomId: number, draft: Draft) {
  const composer = useComposerStore.getState();
  composer.clear(roomId);
  composer.insertText(roomId, draft.text);
  if (draft.mentions.length > 0)
    useComposerStore.setState((s) => ({
      drafts: {
        ...s.drafts,
        [roomId]: { ...(s.drafts[roomId] ?? EMPTY_DRAFT), mentions: draft.mentions },
      },
    }));
}

/**
 * Replying and editing in a room's composer (issue 20, point 4): one at a time per room; a
 * reply keeps what was typed, an edit puts it aside and gives it back when it ends.
 */
export const useReplyEditStore = create<ReplyEditState>()((set, get) => ({
  replyTo: {},
  editing: {},
  reply: (message) => {
    const roomId = message.room_id;
    if (get().editing[roomId]) get().endEdit(roomId);
    set((s) => ({ replyTo: { ...s.replyTo, [roomId]: quoteOf(message) } }));
    // Focus the composer with the caret where it was going to be: at the end.
    const draft = useComposerStore.getState().drafts[roomId] ?? EMPTY_DRAFT;
    useComposerStore.getState().insertText(roomId, '', draft.text.length);
  },
  cancelReply: (roomId) => set((s) => ({ replyTo: without(s.replyTo, roomId) })),
  edit: (message) => {
    const roomId = message.room_id;
    const current = get().editing[roomId];
    const putAside = current
      ? current.putAside
      : (useComposerStore.getState().drafts[roomId] ?? EMPTY_DRAFT);
    set((s) => ({
      replyTo: without(s.replyTo, roomId),
      editing: { ...s.editing, [roomId]: { message, putAside } },
    }));
    putDraft(roomId, { text: message.text, mentions: [] });
  },
  endEdit: (roomId) => {
    const current = get().editing[roomId];
    if (!current) return;
    set((s) => ({ editing: without(s.editing, roomId) }));
    putDraft(roomId, current.putAside);
  },
}));

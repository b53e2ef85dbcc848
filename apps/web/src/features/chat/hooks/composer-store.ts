import { insertMention, MENTIONS_MAX } from '@chat/shared';
import { create } from 'zustand';

/** A nick the user clicked into the message, remembered so the server can link the mention. */
export interface PickedMention {
  userId: number;
  nick: string;
}

export interface Draft {
  text: string;
  mentions: readonly PickedMention[];
}

interface ComposerState {
  /** Per room, so switching rooms never loses a half-written message. */
  drafts: Readonly<Record<number, Draft>>;
  /** Where the caret should go after a change made from outside the textarea; bumps `focusSeq`. */
  caret: number | null;
  focusSeq: number;
  setText: (roomId: number, text: string) => void;
  mention: (roomId: number, mention: PickedMention, caret?: number) => void;
  insertText: (roomId: number, text: string, caret?: number) => void;
  clear: (roomId: number) => void;
}

export const EMPTY_DRAFT: Draft = { text: '', mentions: [] };

export const useComposerStore = create<ComposerState>()((set, get) => {
  const draftOf = (roomId: number): Draft => get().drafts[roomId] ?? EMPTY_DRAFT;
  const put = (roomId: number, draft: Draft, caret: number | null) =>
    set((s) => ({
      drafts: { ...s.drafts, [roomId]: draft },
      caret,
      focusSeq: caret === null ? s.focusSeq : s.focusSeq + 1,
    }));
  return {
    drafts: {},
    caret: null,
    focusSeq: 0,
    setText: (roomId, text) => put(roomId, { ...draftOf(roomId), text }, null),
    mention: (roomId, picked, caret) => {
      const draft = draftOf(roomId);
      const next = insertMention(draft.text, picked.nick, caret);
      const others = draft.mentions.filter((known) => known.userId !== picked.userId);
      const mentions = [...others, picked].slice(-MENTIONS_MAX);
      put(roomId, { text: next.text, mentions }, next.caret);
    },
    insertText: (roomId, text, caret) => {
      const draft = draftOf(roomId);
      const at = Math.min(caret ?? draft.text.length, draft.text.length);
      const value = draft.text.slice(0, at) + text + draft.text.slice(at);
      put(roomId, { ...draft, text: value }, at + text.length);
    },
    clear: (roomId) => put(roomId, EMPTY_DRAFT, null),
  };
});

/** The ids of picked users whose nick is still in the text: a deleted nick is no mention. */
export function mentionIds(draft: Draft): number[] {
  return draft.mentions
    .filter((picked) => draft.text.includes(picked.nick))
    .map((picked) => picked.userId);
}

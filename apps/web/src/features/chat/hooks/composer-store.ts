import { completeMention, insertMention, MENTIONS_MAX } from '@chat/shared';
import { create } from 'zustand';
import { keepDraftsPerAccount, type DraftShelf } from '../../../lib/account-drafts';
import { signedInAccount } from '../../session/signed-in-account';

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
  /** A nick picked from the @ list: replaces the "@query" typed from `start` to `caret`. */
  completeMention: (roomId: number, mention: PickedMention, start: number, caret: number) => void;
  insertText: (roomId: number, text: string, caret?: number) => void;
  clear: (roomId: number) => void;
}

export const EMPTY_DRAFT: Draft = { text: '', mentions: [] };

export const useComposerStore = create<ComposerState>()((set, get) => {
  const draftOf = (roomId: number): Draft => get().drafts[roomId] ?? EMPTY_DRAFT;
  const withPicked = (draft: Draft, picked: PickedMention): readonly PickedMention[] =>
    [...draft.mentions.filter((known) => known.userId !== picked.userId), picked].slice(
      -MENTIONS_MAX,
    );
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
      put(roomId, { text: next.text, mentions: withPicked(draft, picked) }, next.caret);
    },
    completeMention: (roomId, picked, start, caret) => {
      const draft = draftOf(roomId);
      const next = completeMention(draft.text, start, caret, picked.nick);
      put(roomId, { text: next.text, mentions: withPicked(draft, picked) }, next.caret);
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

const isPicked = (value: unknown): value is PickedMention =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PickedMention).userId === 'number' &&
  typeof (value as PickedMention).nick === 'string';

/** A room's draft as this browser keeps it: the text and the nicks picked into it. */
export const ROOM_DRAFTS: DraftShelf<Draft> = {
  kind: 'room',
  parse: (value) => {
    if (typeof value !== 'object' || value === null) return null;
    const { text, mentions } = value as Partial<Draft>;
    if (typeof text !== 'string') return null;
    return { text, mentions: Array.isArray(mentions) ? mentions.filter(isPicked) : [] };
  },
  isEmpty: (draft) => draft.text === '',
};

// Kept until sent: a room switch, a reload or signing out and back in loses nothing typed.
keepDraftsPerAccount(useComposerStore, ROOM_DRAFTS, signedInAccount);

import { CLIENT_ID_PATTERN } from '@chat/shared';
import { create } from 'zustand';
import { keepDraftsPerAccount, type DraftShelf } from '../../lib/account-drafts';
import { makeClientId } from '../../lib/outbox-queue';
import { signedInAccount } from '../session/signed-in-account';

/**
 * What a person is writing in the forum: a new thread per category, a reply per thread. Kept in
 * this browser per account until it is sent, so a reload loses nothing. `clientId` is made at the
 * first attempt to send and kept with the draft: a retry after a lost answer, or a second press,
 * sends the same id and the server stores one post.
 */
export interface ForumDraft {
  subject: string;
  text: string;
  clientId: string | null;
  /** The post a reply quotes (its `reply_to`). */
  replyTo: number | null;
}

export const EMPTY_FORUM_DRAFT: ForumDraft = {
  subject: '',
  text: '',
  clientId: null,
  replyTo: null,
};

const parse = (value: unknown): ForumDraft | null => {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Partial<ForumDraft>;
  if (typeof v.text !== 'string') return null;
  return {
    subject: typeof v.subject === 'string' ? v.subject : '',
    text: v.text,
    clientId:
      typeof v.clientId === 'string' && CLIENT_ID_PATTERN.test(v.clientId) ? v.clientId : null,
    replyTo: Number.isSafeInteger(v.replyTo) && (v.replyTo as number) > 0 ? v.replyTo! : null,
  };
};

const isEmpty = (d: ForumDraft) => d.subject === '' && d.text === '' && d.clientId === null;

export interface DraftsState {
  drafts: Readonly<Record<number, ForumDraft>>;
}

export type DraftKind = 'thread' | 'reply';

/** New threads by category id, replies by thread id. */
const stores = {
  thread: create<DraftsState>()(() => ({ drafts: {} })),
  reply: create<DraftsState>()(() => ({ drafts: {} })),
};
const shelf = (kind: DraftKind): DraftShelf<ForumDraft> => ({
  kind: `forum-${kind}`,
  parse,
  isEmpty,
});
keepDraftsPerAccount(stores.thread, shelf('thread'), signedInAccount);
keepDraftsPerAccount(stores.reply, shelf('reply'), signedInAccount);

export const draftOf = (kind: DraftKind, id: number): ForumDraft =>
  stores[kind].getState().drafts[id] ?? EMPTY_FORUM_DRAFT;

export function useForumDraft(kind: DraftKind, id: number): ForumDraft {
  return stores[kind]((s) => s.drafts[id] ?? EMPTY_FORUM_DRAFT);
}

export function patchDraft(kind: DraftKind, id: number, change: Partial<ForumDraft>): void {
  stores[kind].setState((s) => ({
    drafts: { ...s.drafts, [id]: { ...(s.drafts[id] ?? EMPTY_FORUM_DRAFT), ...change } },
  }));
}

/** The draft's client id, made now if it has none (kept for every retry until it is sent). */
export function draftClientId(kind: DraftKind, id: number): string {
  const existing = draftOf(kind, id).clientId;
  if (existing !== null) return existing;
  const made = makeClientId();
  patchDraft(kind, id, { clientId: made });
  return made;
}

/** Sent: the draft goes, and the next one gets a new client id. */
export function clearDraft(kind: DraftKind, id: number): void {
  stores[kind].setState((s) => {
    const drafts = { ...s.drafts };
    delete drafts[id];
    return { drafts };
  });
}

/** For tests: the stores themselves. */
export const forumDraftStores = stores;

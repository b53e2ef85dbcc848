import { artPictureSchema, CLIENT_ID_PATTERN, type ArtPicture } from '@chat/shared';
import { create } from 'zustand';
import { keepDraftsPerAccount, type DraftShelf } from '../../lib/account-drafts';
import { makeClientId } from '../../lib/outbox-queue';
import { signedInAccount } from '../session/signed-in-account';

/**
 * A post being written, per group, kept in this browser per account until it is sent: a reload
 * loses neither the words nor the pictures already uploaded (their attachments, in the order
 * the author gave them). `clientId` is made at the first attempt to send and kept for retries.
 */
export interface ArtDraft {
  title: string;
  text: string;
  /** Complete uploads (`purpose=art`), in the order to show them. */
  pictures: readonly ArtPicture[];
  adult: boolean;
  clientId: string | null;
}

export const EMPTY_ART_DRAFT: ArtDraft = {
  title: '',
  text: '',
  pictures: [],
  adult: false,
  clientId: null,
};

const parsePictures = (value: unknown): ArtPicture[] => {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = artPictureSchema.safeParse(item);
    return parsed.success && parsed.data.status === 'complete' ? [parsed.data] : [];
  });
};

export const parseArtDraft = (value: unknown): ArtDraft | null => {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  return {
    title: typeof v.title === 'string' ? v.title : '',
    text: typeof v.text === 'string' ? v.text : '',
    pictures: parsePictures(v.pictures),
    adult: v.adult === true,
    clientId:
      typeof v.clientId === 'string' && CLIENT_ID_PATTERN.test(v.clientId) ? v.clientId : null,
  };
};

const isEmpty = (d: ArtDraft) =>
  d.title === '' && d.text === '' && d.pictures.length === 0 && !d.adult && d.clientId === null;

interface ArtDraftsState {
  drafts: Readonly<Record<number, ArtDraft>>;
}

/** New posts by group id. */
const store = create<ArtDraftsState>()(() => ({ drafts: {} }));
keepDraftsPerAccount(
  store,
  { kind: 'art-post', parse: parseArtDraft, isEmpty } satisfies DraftShelf<ArtDraft>,
  signedInAccount,
);

export const artDraftOf = (groupId: number): ArtDraft =>
  store.getState().drafts[groupId] ?? EMPTY_ART_DRAFT;

export function useArtDraft(groupId: number): ArtDraft {
  return store((s) => s.drafts[groupId] ?? EMPTY_ART_DRAFT);
}

export function patchArtDraft(groupId: number, change: Partial<ArtDraft>): void {
  store.setState((s) => ({
    drafts: { ...s.drafts, [groupId]: { ...(s.drafts[groupId] ?? EMPTY_ART_DRAFT), ...change } },
  }));
}

/** Pictures that finished uploading join the end of the draft's order (each once). */
export function addArtPictures(groupId: number, added: readonly ArtPicture[]): void {
  const current = artDraftOf(groupId).pictures;
  const known = new Set(current.map((p) => p.id));
  const fresh = added.filter((p) => !known.has(p.id));
  if (fresh.length > 0) patchArtDraft(groupId, { pictures: [...current, ...fresh] });
}

/** The draft's client id, made now if it has none (kept for every retry until it is sent). */
export function artDraftClientId(groupId: number): string {
  const existing = artDraftOf(groupId).clientId;
  if (existing !== null) return existing;
  const made = makeClientId();
  patchArtDraft(groupId, { clientId: made });
  return made;
}

/** Sent: the draft goes, and the next one gets a new client id. */
export function clearArtDraft(groupId: number): void {
  store.setState((s) => {
    const drafts = { ...s.drafts };
    delete drafts[groupId];
    return { drafts };
  });
}

/** For tests: the store itself. */
export const artDraftStore = store;

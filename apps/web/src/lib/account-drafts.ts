import type { StoreApi } from 'zustand';
import { loadItem, saveItem } from './local-store';

/**
 * Unsent texts kept in this browser until they are sent, per account: they survive a room
 * switch and a reload, and another person signing in on the same browser starts with none.
 */

/** Who is signed in now, and a way to hear when that changes. */
export interface DraftOwner {
  current(): number | null;
  subscribe(listener: () => void): () => void;
}

export interface DraftShelf<T> {
  /** `drafts.room.12`: the kind of conversation and the account. */
  kind: string;
  /** A stored value as a draft, or null when it is not one (an older shape, a hand edit). */
  parse(value: unknown): T | null;
  /** Nothing typed: not worth keeping. */
  isEmpty(draft: T): boolean;
}

export const draftsKey = (kind: string, userId: number) => `drafts.${kind}.${userId}`;

export function readDrafts<T>(shelf: DraftShelf<T>, userId: number): Record<number, T> {
  const raw = loadItem(draftsKey(shelf.kind, userId));
  if (raw === null) return {};
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const drafts: Record<number, T> = {};
  for (const [key, value] of Object.entries(stored)) {
    const id = Number(key);
    const draft = shelf.parse(value);
    if (Number.isSafeInteger(id) && id > 0 && draft !== null) drafts[id] = draft;
  }
  return drafts;
}

export function writeDrafts<T>(
  shelf: DraftShelf<T>,
  userId: number,
  drafts: Readonly<Record<number, T>>,
): void {
  const kept = Object.entries(drafts).filter(([, draft]) => !shelf.isEmpty(draft));
  saveItem(
    draftsKey(shelf.kind, userId),
    kept.length === 0 ? null : JSON.stringify(Object.fromEntries(kept)),
  );
}

/**
 * Keeps a store's `drafts` in step with the signed-in account: that account's drafts come in
 * when it signs in, every change is written under it, and signing out empties the store (what
 * was typed stays stored for that account's return).
 */
export function keepDraftsPerAccount<T, S extends { drafts: Readonly<Record<number, T>> }>(
  store: StoreApi<S>,
  shelf: DraftShelf<T>,
  owner: DraftOwner,
): () => void {
  let userId = owner.current();
  let switching = false;
  const load = () => {
    switching = true;
    store.setState({ drafts: userId === null ? {} : readDrafts(shelf, userId) } as Partial<S>);
    switching = false;
  };
  if (userId !== null) load();
  const stopOwner = owner.subscribe(() => {
    const next = owner.current();
    if (next === userId) return;
    userId = next;
    load();
  });
  const stopStore = store.subscribe((state, previous) => {
    if (switching || userId === null || state.drafts === previous.drafts) return;
    writeDrafts(shelf, userId, state.drafts);
  });
  return () => {
    stopOwner();
    stopStore();
  };
}

import { beforeEach, describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import {
  draftsKey,
  keepDraftsPerAccount,
  readDrafts,
  type DraftOwner,
  type DraftShelf,
} from './account-drafts';

const TEXTS: DraftShelf<string> = {
  kind: 'test',
  parse: (value) => (typeof value === 'string' ? value : null),
  isEmpty: (draft) => draft === '',
};

function fakeOwner(initial: number | null) {
  let id = initial;
  const listeners = new Set<() => void>();
  const owner: DraftOwner = {
    current: () => id,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const signIn = (next: number | null) => {
    id = next;
    for (const listener of listeners) listener();
  };
  return { owner, signIn };
}

function setUp(initial: number | null) {
  const store = createStore<{ drafts: Record<number, string> }>()(() => ({ drafts: {} }));
  const { owner, signIn } = fakeOwner(initial);
  const stop = keepDraftsPerAccount(store, TEXTS, owner);
  const type = (id: number, text: string) =>
    store.setState((s) => ({ drafts: { ...s.drafts, [id]: text } }));
  return { store, signIn, type, stop };
}

beforeEach(() => window.localStorage.clear());

describe('drafts kept per account', () => {
  it('survive a reload: a new store for the same account starts with them', () => {
    const first = setUp(7);
    first.type(3, 'half a thought');
    first.type(4, 'another room');
    first.stop();
    const again = setUp(7);
    expect(again.store.getState().drafts).toEqual({ 3: 'half a thought', 4: 'another room' });
  });

  it('are gone once sent (an empty draft is not kept)', () => {
    const { type } = setUp(7);
    type(3, 'hello');
    type(3, '');
    expect(window.localStorage.getItem(draftsKey('test', 7))).toBeNull();
  });

  it('are not shown to another person signing in on the same browser', () => {
    const { store, signIn, type } = setUp(7);
    type(3, 'mine');
    signIn(null);
    expect(store.getState().drafts).toEqual({});
    signIn(8);
    expect(store.getState().drafts).toEqual({});
    type(3, 'theirs');
    signIn(7);
    expect(store.getState().drafts).toEqual({ 3: 'mine' });
    expect(readDrafts(TEXTS, 8)).toEqual({ 3: 'theirs' });
  });

  it('arrive when the account signs in after the page has started', () => {
    window.localStorage.setItem(draftsKey('test', 7), JSON.stringify({ 5: 'waiting' }));
    const { store, signIn } = setUp(null);
    expect(store.getState().drafts).toEqual({});
    signIn(7);
    expect(store.getState().drafts).toEqual({ 5: 'waiting' });
  });

  it('skip what is not a draft in storage', () => {
    window.localStorage.setItem(
      draftsKey('test', 7),
      JSON.stringify({ 5: 'ok', 6: 42, x: 'no id', '-1': 'bad id', __proto__: 'x' }),
    );
    expect(readDrafts(TEXTS, 7)).toEqual({ 5: 'ok' });
    window.localStorage.setItem(draftsKey('test', 7), '{not json');
    expect(readDrafts(TEXTS, 7)).toEqual({});
    window.localStorage.setItem(draftsKey('test', 7), '["a"]');
    expect(readDrafts(TEXTS, 7)).toEqual({});
  });
});

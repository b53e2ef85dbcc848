import {
  RECENT_SMILEYS_MAX,
  type Smiley,
  type SmileyDictionary,
  type SmileyGroup,
} from '@chat/shared';
import { useMemo, useSyncExternalStore } from 'react';
import { loadItem, saveItem } from '../../../lib/local-store';
import { useSessionStore } from '../../session/store';

const NO_GROUPS: readonly SmileyGroup[] = [];
const NO_SMILEYS: readonly Smiley[] = [];

export function useSmileyGroups(): readonly SmileyGroup[] {
  return useSessionStore((s) => s.userData?.smiley_groups ?? NO_GROUPS);
}

/** Tag → file, the dictionary `tokenizeSmileys` looks tags up in. */
export function dictionaryOf(groups: readonly SmileyGroup[]): SmileyDictionary {
  const map = new Map<string, { file: string }>();
  for (const group of groups) {
    for (const smiley of group.smileys) map.set(smiley.tag, { file: smiley.file });
  }
  return map;
}

export function useSmileyDictionary(): SmileyDictionary {
  const groups = useSmileyGroups();
  return useMemo(() => dictionaryOf(groups), [groups]);
}

// Smileys picked in this browser, newest first, ahead of the account's `recent_smileys`: the
// server learns of a smiley only once a message with it is sent, and stores it a moment later.
const RECENT_KEY = 'chat.recentSmileys';
export const RECENT_MAX = RECENT_SMILEYS_MAX;
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedTags: readonly string[] = [];

function readLocalRecent(): readonly string[] {
  const raw = loadItem(RECENT_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedTags = parseTags(raw);
  }
  return cachedTags;
}

function parseTags(raw: string | null): string[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value.filter((tag): tag is string => typeof tag === 'string')
      : [];
  } catch {
    return [];
  }
}

export function rememberSmiley(tag: string): void {
  const tags = [tag, ...readLocalRecent().filter((known) => known !== tag)].slice(0, RECENT_MAX);
  saveItem(RECENT_KEY, JSON.stringify(tags));
  listeners.forEach((notify) => notify());
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** Recently used smileys: this browser's picks first, then the server's, each once. */
export function recentSmileys(
  localTags: readonly string[],
  serverRecent: readonly Smiley[],
  groups: readonly SmileyGroup[],
): Smiley[] {
  const byTag = new Map<string, Smiley>();
  for (const group of groups) for (const smiley of group.smileys) byTag.set(smiley.tag, smiley);
  const result = new Map<string, Smiley>();
  for (const tag of localTags) {
    const smiley = byTag.get(tag);
    if (smiley !== undefined) result.set(tag, smiley);
  }
  for (const smiley of serverRecent) {
    if (!result.has(smiley.tag) && byTag.has(smiley.tag)) result.set(smiley.tag, smiley);
  }
  return [...result.values()].slice(0, RECENT_MAX);
}

export function useRecentSmileys(): Smiley[] {
  const groups = useSmileyGroups();
  const serverRecent = useSessionStore((s) => s.userData?.recent_smileys ?? NO_SMILEYS);
  const localTags = useSyncExternalStore(subscribe, readLocalRecent);
  return useMemo(
    () => recentSmileys(localTags, serverRecent, groups),
    [localTags, serverRecent, groups],
  );
}

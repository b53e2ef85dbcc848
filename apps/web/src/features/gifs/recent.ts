import { gifSchema, RECENT_GIFS_MAX, type Gif } from '@chat/shared';
import { useMemo } from 'react';
import { z } from 'zod';
import { useSessionStore } from '../session/store';
import { useGifsStore } from './store';

// Apart from the store, which init fills on every page: zod stays in the picker's chunk.
const recentList = z.array(gifSchema);
const NONE: readonly Gif[] = [];

/** The user data's `recent_gifs`, read with care: an older server does not send them. */
function serverRecent(data: unknown): readonly Gif[] {
  if (typeof data !== 'object' || data === null || !('recent_gifs' in data)) return NONE;
  const parsed = recentList.safeParse(data.recent_gifs);
  return parsed.success ? parsed.data : NONE;
}

/** Recent GIFs: the ones sent here first, then the server's list, without repeats. */
export function useRecentGifs(): readonly Gif[] {
  const sent = useGifsStore((s) => s.sent);
  const userData = useSessionStore((s) => s.userData);
  return useMemo(() => {
    const seen = new Set(sent.map((g) => g.id));
    const rest = serverRecent(userData).filter((g) => !seen.has(g.id));
    return [...sent, ...rest].slice(0, RECENT_GIFS_MAX);
  }, [sent, userData]);
}

import {
  GRADIENT_MAX,
  GRADIENT_MIN,
  NICK_PALETTE,
  isNickColorAllowed,
  type NickStyle,
} from '@chat/shared';
import type { NickStyleSave } from '../api';

/** The editor's state: a gradient of `count` colours, 0 meaning none (the spec's rule). */
export interface NickDraft {
  color: string | null;
  count: number;
  gradient: string[];
  font_id: number | null;
  weight: number | null;
  italic: boolean;
}

/** The choices of "number of colours": 0 (off), then 2..GRADIENT_MAX. */
export const GRADIENT_COUNTS: readonly number[] = [
  0,
  ...Array.from({ length: GRADIENT_MAX - GRADIENT_MIN + 1 }, (_, i) => GRADIENT_MIN + i),
];

/**
 * A mid colour of each palette row that a nick may wear (yellow's middle is already too light),
 * to seed new gradient stops with something visible.
 */
const SEEDS = NICK_PALETTE.map(
  (row) => row.slice(0, 5).reverse().find(isNickColorAllowed) ?? '#1d67cd',
);

export function draftFromNick(nick: NickStyle): NickDraft {
  const gradient = nick.has_gradient ? nick.gradient.slice(0, GRADIENT_MAX) : [];
  return {
    color: nick.color,
    count: gradient.length >= GRADIENT_MIN ? gradient.length : 0,
    gradient: gradient.length >= GRADIENT_MIN ? gradient : [],
    font_id: nick.font_id,
    weight: nick.weight,
    italic: nick.italic,
  };
}

/**
 * A new number of colours: fewer cuts from the end, more adds stops (the nick's colour first,
 * then the palette's), 0 drops the gradient; 1 is not a gradient and counts as 0.
 */
export function withCount(draft: NickDraft, count: number): NickDraft {
  const n = count < GRADIENT_MIN ? 0 : Math.min(count, GRADIENT_MAX);
  const gradient = draft.gradient.slice(0, n);
  for (let i = gradient.length; i < n; i += 1) {
    const seed =
      i === 0 && isNickColorAllowed(draft.color)
        ? draft.color
        : (SEEDS[i % SEEDS.length] as string);
    gradient.push(seed);
  }
  return { ...draft, count: n, gradient };
}

/** Puts a palette colour in a slot: `color`, or a gradient stop by index. */
export function withColor(draft: NickDraft, slot: 'color' | number, value: string): NickDraft {
  if (slot === 'color') return { ...draft, color: value };
  if (slot < 0 || slot >= draft.count) return draft;
  const gradient = [...draft.gradient];
  gradient[slot] = value;
  return { ...draft, gradient };
}

/** What PATCH /api/my/nick receives: no gradient list at all when the gradient is off. */
export function draftToBody(draft: NickDraft): NickStyleSave {
  const on = draft.count >= GRADIENT_MIN;
  return {
    color: draft.color,
    has_gradient: on,
    gradient: on ? draft.gradient.slice(0, draft.count) : [],
    font_id: draft.font_id,
    weight: draft.weight,
    italic: draft.italic,
  };
}

/** The nick as the preview draws it. */
export function draftToNick(draft: NickDraft, nick: string): NickStyle {
  return { nick, ...draftToBody(draft) };
}

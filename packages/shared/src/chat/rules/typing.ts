import type { Locale } from '../../locale';
import type { ClientEventMap } from '../../realtime/events';

/** A client sends "typing" again while the user keeps typing; silence this long means they stopped. */
export const TYPING_TTL_MS = 6000;

export interface Typer {
  readonly user_id: number;
  readonly nick: string;
  /** When the last "typing" event from this user arrived. */
  readonly at: number;
}

export type TypingState = readonly Typer[];

export type TypingEvent = ClientEventMap['client-typing'];

/** A typing event: the user is (again) typing as of now, or has stopped. */
export function typingNow(state: TypingState, event: TypingEvent, nowMs: number): TypingState {
  const others = state.filter((typer) => typer.user_id !== event.user_id);
  return event.typing
    ? [...others, { user_id: event.user_id, nick: event.nick, at: nowMs }]
    : others;
}

function isFresh(typer: Typer, nowMs: number, ttlMs: number): boolean {
  return nowMs - typer.at < ttlMs;
}

/**
 * Drops users whose last event is too old: a tab closed mid-word never sends "stopped". The state
 * itself comes back when nobody went stale, so a timer can run this without causing renders.
 */
export function pruneTypers(
  state: TypingState,
  nowMs: number,
  ttlMs: number = TYPING_TTL_MS,
): TypingState {
  const fresh = state.filter((typer) => isFresh(typer, nowMs, ttlMs));
  return fresh.length === state.length ? state : fresh;
}

// A fixed collation, so the order does not depend on the machine's locale.
const nickOrder = new Intl.Collator('en', { sensitivity: 'base' });

/** The nicks of the users typing now, in alphabetical order so the label does not reshuffle. */
export function activeTypers(
  state: TypingState,
  nowMs: number,
  ttlMs: number = TYPING_TTL_MS,
): string[] {
  return state
    .filter((typer) => isFresh(typer, nowMs, ttlMs))
    .map((typer) => typer.nick)
    .sort(nickOrder.compare);
}

/**
 * The line under the message box. Two names and a count from four typers on: a third name takes
 * no more room than "and 1 more" would, so three are all named.
 */
export function typingLabel(nicks: readonly string[], locale: Locale): string {
  const [first, second, third] = nicks;
  if (first === undefined) {
    return '';
  }
  const ru = locale === 'ru';
  if (second === undefined) {
    return ru ? `${first} печатает…` : `${first} is typing…`;
  }
  if (third === undefined) {
    return ru ? `${first} и ${second} печатают…` : `${first} and ${second} are typing…`;
  }
  if (nicks.length === 3) {
    return ru
      ? `${first}, ${second} и ${third} печатают…`
      : `${first}, ${second} and ${third} are typing…`;
  }
  const more = nicks.length - 2;
  return ru
    ? `${first}, ${second} и ещё ${more} печатают…`
    : `${first}, ${second} and ${more} more are typing…`;
}

import {
  banReasonLabel,
  isBanReason,
  isTabooTopic,
  tabooTopicLabel,
  type BanWire,
  type Locale,
} from '@chat/shared';
import { useEffect, useRef, useState } from 'react';

const SECOND = 1000;
const DAY = 86_400 * SECOND;
const pad = (n: number) => String(n).padStart(2, '0');

/** What is left of a sanction, as a clock: `2:03:04`, with the days before it: `3 d 02:03:04`. */
export function countdownParts(ms: number): { days: number; clock: string } {
  const left = Math.max(0, ms);
  const days = Math.floor(left / DAY);
  const seconds = Math.floor((left % DAY) / SECOND);
  const hours = Math.floor(seconds / 3600);
  const rest = `${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  return { days, clock: `${days > 0 ? pad(hours) : hours}:${rest}` };
}

/**
 * Milliseconds left until `expiresAt` (null: forever), ticking each second; `onEnd` runs once when
 * it reaches zero (the page then asks the server whether the sanction is really over).
 */
export function useCountdown(expiresAt: string | null, onEnd?: () => void): number | null {
  const end = expiresAt === null ? null : Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  const ended = useRef(false);
  const endRef = useRef(onEnd);
  useEffect(() => {
    endRef.current = onEnd;
  });

  useEffect(() => {
    ended.current = false;
    if (end === null) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= end && !ended.current) {
        ended.current = true;
        endRef.current?.();
      }
    };
    tick();
    const timer = setInterval(tick, SECOND);
    return () => clearInterval(timer);
  }, [end]);

  return end === null ? null : Math.max(0, end - now);
}

/** The reason in words, with the taboo topic when there is one ("Taboo topics: Drugs"). */
export function sanctionReason(ban: Pick<BanWire, 'reason' | 'taboo'>, locale: Locale): string {
  const reason = isBanReason(ban.reason) ? banReasonLabel(ban.reason, locale) : String(ban.reason);
  return ban.taboo && isTabooTopic(ban.taboo)
    ? `${reason}: ${tabooTopicLabel(ban.taboo, locale)}`
    : reason;
}

/** An end time as the reader's calendar says it. */
export function formatEnd(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

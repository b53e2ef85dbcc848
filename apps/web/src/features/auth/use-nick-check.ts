import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFieldErrors } from './field-errors';
import { guestFormSchema } from './guest-form-schema';
import { socialApi, socialKeys } from './social-api';

/** How long typing pauses before the server is asked about the nick. */
export const NICK_CHECK_DELAY_MS = 400;

export type NickCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'free' }
  | { state: 'invalid'; message: string };

// A reason is an error code (`nick.taken`); anything else reads as the generic text.
const REASON = /^[a-z_]+(?:\.[a-z_]+)*$/;

/**
 * The live check of a nick field: the nick rules here first (the ones the register form and the
 * server apply: NICK_RULES), then `GET /api/auth/nick-free` once typing pauses. A failed check
 * says nothing: the server decides on submit anyway.
 */
export function useNickCheck(raw: string): NickCheck {
  const { t, i18n } = useTranslation();
  const local = guestFormSchema.safeParse({ nick: raw });
  const nick = local.success ? local.data.nick : null;
  // The first value is asked about at once (a suggested nick), later ones once typing pauses.
  const [settled, setSettled] = useState(nick);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(nick), NICK_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [nick]);
  const query = useQuery({
    queryKey: socialKeys.nickFree(settled ?? ''),
    queryFn: ({ signal }) => socialApi.nickFree(settled ?? '', signal),
    enabled: settled !== null && settled === nick,
    staleTime: 15_000,
  });

  if (raw.trim() === '') return { state: 'idle' };
  if (!local.success) {
    const errors = zodFieldErrors(local.error.issues, {
      t: (key) => t(key),
      exists: (key) => i18n.exists(key),
    });
    return { state: 'invalid', message: errors.nick?.[0] ?? t('validation:invalid_value') };
  }
  if (settled !== nick || query.isPending) return { state: 'checking' };
  if (query.isError) return { state: 'idle' };
  if (query.data.free) return { state: 'free' };
  const reason = query.data.reason;
  // The nick rules' codes are the register form's texts; the server's own reasons are ours.
  const keys =
    reason !== null && REASON.test(reason)
      ? [`sign-in:reasons.${reason}`, `validation:${reason}`]
      : [];
  const key = keys.find((k) => i18n.exists(k));
  return { state: 'invalid', message: t(key ?? 'validation:invalid_value') };
}

import type {
  AuthProvider,
  SocialSignup,
  socialOutcomeAnswer,
  TelegramAuthBody,
} from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';
import type { TelegramFields } from './social-links';

/** What a sign-in with a provider led to (`POST /api/auth/telegram`). */
export type SocialOutcome = z.infer<typeof socialOutcomeAnswer>['data'];

export interface NickFree {
  free: boolean;
  /** An error code (`nick.taken`, a nick rule's code...) when not free. */
  reason: string | null;
}

export interface TelegramPost extends TelegramFields {
  return_to?: string;
  intent?: NonNullable<TelegramAuthBody['intent']>;
}

/** TanStack Query keys of sign-in with other sites. */
export const socialKeys = {
  providers: ['auth', 'providers'] as const,
  signup: ['auth', 'social-signup'] as const,
  nickFree: (nick: string) => ['auth', 'nick-free', nick] as const,
};

/**
 * Sign-in with other sites, e-mail links and a forgotten password (API.md "Social sign-in,
 * e-mail and recovery"). Each page shows its own failures, so most calls toast nothing.
 */
export const socialApi = {
  /** The configured providers; none (or a failure) hides the buttons. */
  providers: async () =>
    (await api.get<AuthProvider[]>('/api/auth/providers', { silent: true })).data,
  /** The first sign-in waiting for its nick; 404 when none waits. */
  pendingSignup: async () =>
    (await api.get<SocialSignup>('/api/auth/social/signup', { handledStatuses: [404] })).data,
  cancelSignup: async () => {
    await api.request<null>('/api/auth/social/signup', { method: 'DELETE', silent: true });
  },
  nickFree: async (nick: string, signal?: AbortSignal) =>
    (
      await api.get<NickFree>('/api/auth/nick-free', {
        query: { nick },
        silent: true,
        ...(signal ? { signal } : {}),
      })
    ).data,
  telegram: async (body: TelegramPost) =>
    (await api.post<SocialOutcome>('/api/auth/telegram', body, { silent: true })).data,
  /** Always 204 (no account enumeration); 429 is shown in place. */
  forgot: async (nickOrEmail: string) => {
    await api.post<null>(
      '/api/auth/password/forgot',
      { nick_or_email: nickOrEmail },
      { handlesValidation: true, handledStatuses: [429] },
    );
  },
  reset: async (body: { token: string; password: string; password_confirmation: string }) => {
    await api.post<null>('/api/auth/password/reset', body, {
      handlesValidation: true,
      handledStatuses: [429],
    });
  },
  /** The mailed link's token, from any browser. */
  confirmEmailLink: async (token: string) => {
    await api.post<null>(
      '/api/auth/email/confirm',
      { token },
      { handlesValidation: true, handledStatuses: [429] },
    );
  },
};

/** The providers' buttons read this once per visit: the list changes with the site's config. */
export function useProviders() {
  return useQuery({
    queryKey: socialKeys.providers,
    queryFn: socialApi.providers,
    staleTime: 30 * 60_000,
  });
}

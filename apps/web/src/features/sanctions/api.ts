import type {
  AssignableRole,
  BanBody,
  BanWire,
  ContentDecision,
  ContentReview,
  MyBan,
  PublicUser,
  SanctionSummary,
  WarningBody,
  WarningWire,
} from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query keys of the sanctions feature (TanStack Query). */
export const sanctionKeys = {
  myBan: ['sanctions', 'my-ban'] as const,
  summary: (userId: number) => ['sanctions', 'summary', userId] as const,
};

/** `GET /api/my/ban`: my active gag and ban, each with its appeal if one exists. */
export async function fetchMyBan(): Promise<MyBan> {
  return (await api.get<MyBan>('/api/my/ban', { silent: true })).data;
}

/** `GET /api/moderation/users/{id}`: what the two-click sanction needs about one person. */
export function sanctionSummaryQuery(userId: number) {
  return queryOptions({
    queryKey: sanctionKeys.summary(userId),
    queryFn: async ({ signal }) =>
      (await api.get<SanctionSummary>(`/api/moderation/users/${userId}`, { signal })).data,
    // The count of violations changes with every sanction: always ask again on opening.
    staleTime: 0,
  });
}

export async function giveBan(body: BanBody): Promise<BanWire> {
  return (await api.post<BanWire>('/api/moderation/bans', body)).data;
}

export async function giveWarning(body: WarningBody): Promise<WarningWire> {
  return (await api.post<WarningWire>('/api/moderation/warnings', body)).data;
}

/** Marks or unmarks a troll (shadow ban); `AntitrollUpdated` tells the other tabs. */
export async function setTroll(userId: number, troll: boolean): Promise<void> {
  await api.request(`/api/moderation/trolls/${userId}`, { method: troll ? 'POST' : 'DELETE' });
}

/** `POST /api/admin/users/{id}/role` (roles.manage). */
export async function changeRole(userId: number, role: AssignableRole): Promise<PublicUser> {
  return (await api.post<PublicUser>(`/api/admin/users/${userId}/role`, { role })).data;
}

/**
 * Accept or refuse a profile text (subject: the owner's id) or photo (the photo's id) straight
 * from the profile (content.moderate).
 */
export async function moderateContent(decision: ContentDecision): Promise<ContentReview> {
  return (await api.post<ContentReview>('/api/moderation/content', decision)).data;
}

/** The owner of a refused text or photo asks for it back (refused → updated). */
export async function askRestore(reviewId: number): Promise<ContentReview> {
  return (await api.post<ContentReview>(`/api/my/reviews/${reviewId}/restore`)).data;
}

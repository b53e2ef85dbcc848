import type { BanReason, BanWire, ContentReview, ModerationLogEntry } from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { compactQuery, toPaged, type Paged } from '../../shared/paged';

export type BanStatus = 'active' | 'past' | 'all';

export interface BanFilter {
  status: BanStatus;
  page: number;
  moderatorId?: number;
  userId?: number;
  reason?: BanReason;
}

export interface LogFilter {
  page: number;
  actorId?: number;
  targetUserId?: number;
}

/** Query keys of the moderation area; a decision invalidates its tab. */
export const moderationKeys = {
  all: ['moderation'] as const,
  bans: ['moderation', 'bans'] as const,
  banList: (f: BanFilter) =>
    ['moderation', 'bans', f.status, f.page, f.moderatorId, f.userId, f.reason] as const,
  queue: ['moderation', 'queue'] as const,
  queuePage: (page: number) => ['moderation', 'queue', page] as const,
  log: ['moderation', 'log'] as const,
  logPage: (f: LogFilter) => ['moderation', 'log', f.page, f.actorId, f.targetUserId] as const,
};

/** `GET /api/moderation/bans?page&status&moderator_id&user_id&reason`. */
export function bansQuery(filter: BanFilter) {
  return queryOptions({
    queryKey: moderationKeys.banList(filter),
    queryFn: async ({ signal }): Promise<Paged<BanWire>> =>
      toPaged(
        await api.get<BanWire[]>('/api/moderation/bans', {
          query: compactQuery({
            page: filter.page,
            status: filter.status,
            moderator_id: filter.moderatorId,
            user_id: filter.userId,
            reason: filter.reason,
          }),
          signal,
        }),
        filter.page,
      ),
    placeholderData: (previous) => previous,
  });
}

/** `DELETE /api/moderation/bans/{id}`: lifted early (204). */
export async function liftBan(id: number): Promise<void> {
  await api.request(`/api/moderation/bans/${id}`, { method: 'DELETE' });
}

/** `GET /api/moderation/queue?page`: content awaiting moderation, oldest first. */
export function queueQuery(page: number) {
  return queryOptions({
    queryKey: moderationKeys.queuePage(page),
    queryFn: async ({ signal }): Promise<Paged<ContentReview>> =>
      toPaged(
        await api.get<ContentReview[]>('/api/moderation/queue', {
          query: compactQuery({ page }),
          signal,
        }),
        page,
      ),
    placeholderData: (previous) => previous,
  });
}

/** `POST /api/moderation/queue/{id}`: accepted, or refused with the reason the owner sees. */
export async function decideReview(
  id: number,
  status: 'accepted' | 'refused',
  comment: string,
): Promise<ContentReview> {
  const body = comment.trim() === '' ? { status } : { status, comment: comment.trim() };
  return (await api.post<ContentReview>(`/api/moderation/queue/${id}`, body)).data;
}

/** `GET /api/moderation/log?page&actor_id&target_user_id`. */
export function logQuery(filter: LogFilter) {
  return queryOptions({
    queryKey: moderationKeys.logPage(filter),
    queryFn: async ({ signal }): Promise<Paged<ModerationLogEntry>> =>
      toPaged(
        await api.get<ModerationLogEntry[]>('/api/moderation/log', {
          query: compactQuery({
            page: filter.page,
            actor_id: filter.actorId,
            target_user_id: filter.targetUserId,
          }),
          signal,
        }),
        filter.page,
      ),
    placeholderData: (previous) => previous,
  });
}

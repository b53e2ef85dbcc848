import type {
  ComplaintBody,
  ComplaintComment,
  ComplaintDetail,
  ComplaintWire,
  COMPLAINT_TABS,
} from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { compactQuery, toPaged, type Paged } from '../../shared/paged';

export type ComplaintTab = (typeof COMPLAINT_TABS)[number];

/** Query keys of complaints (TanStack Query); the live complaint events patch these. */
export const complaintKeys = {
  all: ['complaints'] as const,
  lists: ['complaints', 'list'] as const,
  list: (tab: ComplaintTab, page: number) => ['complaints', 'list', tab, page] as const,
  one: (id: number) => ['complaints', 'one', id] as const,
};

export interface FiledComplaint {
  complaint: ComplaintWire;
  /** False when it was merged into an open complaint about the same thing (200, not 201). */
  created: boolean;
}

/**
 * `POST /api/complaints`: a complaint, or an appeal when the target is the caller's own ban.
 * A 429 (COMPLAINTS_PER_HOUR) is toasted by the client; 422 stays with the form.
 */
export async function fileComplaint(body: ComplaintBody): Promise<FiledComplaint> {
  const answer = await api.request<ComplaintWire>('/api/complaints', {
    method: 'POST',
    body,
    handlesValidation: true,
  });
  return { complaint: answer.data, created: answer.status === 201 };
}

/** `GET /api/complaints?tab&page`. */
export function complaintsQuery(tab: ComplaintTab, page: number) {
  return queryOptions({
    queryKey: complaintKeys.list(tab, page),
    queryFn: async ({ signal }): Promise<Paged<ComplaintWire>> =>
      toPaged(
        await api.get<ComplaintWire[]>('/api/complaints', {
          query: compactQuery({ tab, page }),
          signal,
        }),
        page,
      ),
    placeholderData: (previous) => previous,
  });
}

/** `GET /api/complaints/{id}`; a 404 (not a reporter, not staff) is shown in place. */
export function complaintQuery(id: number) {
  return queryOptions({
    queryKey: complaintKeys.one(id),
    queryFn: async ({ signal }) =>
      (
        await api.get<ComplaintDetail>(`/api/complaints/${id}`, {
          handledStatuses: [404],
          signal,
        })
      ).data,
  });
}

/** `POST /api/complaints/{id}/take`: one moderator at a time (422 when another has it). */
export async function takeComplaint(id: number): Promise<ComplaintWire> {
  return (await api.post<ComplaintWire>(`/api/complaints/${id}/take`)).data;
}

/** `POST /api/complaints/{id}/resolve`. */
export async function resolveComplaint(
  id: number,
  status: 'accepted' | 'refused',
  comment: string,
): Promise<ComplaintWire> {
  const body = comment.trim() === '' ? { status } : { status, comment: comment.trim() };
  return (await api.post<ComplaintWire>(`/api/complaints/${id}/resolve`, body)).data;
}

/** `POST /api/complaints/{id}/comments`. */
export async function commentComplaint(id: number, text: string): Promise<ComplaintComment> {
  return (await api.post<ComplaintComment>(`/api/complaints/${id}/comments`, { text })).data;
}

import type {
  AdminPage,
  AdminPageListItem,
  AdminPageUpdate,
  AgreementState,
  AppRelease,
  AppReleaseCreate,
  AppReleasePatch,
} from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Under `['admin', part]`: a `CatalogUpdated` of the part reads them again. */
export const pagesKeys = {
  list: ['admin', 'pages', 'list'] as const,
  page: (slug: string) => ['admin', 'pages', 'page', slug] as const,
  releases: ['admin', 'releases'] as const,
};

export function adminPagesQuery() {
  return queryOptions({
    queryKey: pagesKeys.list,
    queryFn: async ({ signal }) =>
      (await api.get<AdminPageListItem[]>('/api/admin/pages', { signal })).data,
  });
}

export function adminPageQuery(slug: string) {
  return queryOptions({
    queryKey: pagesKeys.page(slug),
    queryFn: async ({ signal }) =>
      (await api.get<AdminPage>(`/api/admin/pages/${encodeURIComponent(slug)}`, { signal })).data,
    // An admin's unsaved text is not replaced under them by a refetch on focus.
    refetchOnWindowFocus: false,
  });
}

export async function savePage(slug: string, body: AdminPageUpdate): Promise<AdminPage> {
  const path = `/api/admin/pages/${encodeURIComponent(slug)}`;
  return (await api.json<AdminPage>(path, { method: 'PUT', body, handlesValidation: true })).data;
}

export async function previewPage(text: string, signal?: AbortSignal): Promise<string> {
  const answer = await api.post<{ html: string }>(
    '/api/admin/pages/preview',
    { text },
    { silent: true, ...(signal ? { signal } : {}) },
  );
  return answer.data.html;
}

export function releasesQuery() {
  return queryOptions({
    queryKey: pagesKeys.releases,
    queryFn: async ({ signal }) =>
      (await api.get<AppRelease[]>('/api/admin/app-releases', { signal })).data,
  });
}

export async function createRelease(body: AppReleaseCreate): Promise<AppRelease> {
  return (await api.post<AppRelease>('/api/admin/app-releases', body, { handlesValidation: true }))
    .data;
}

export async function patchRelease(id: number, body: AppReleasePatch): Promise<AppRelease> {
  return (
    await api.json<AppRelease>(`/api/admin/app-releases/${id}`, {
      method: 'PATCH',
      body,
      handlesValidation: true,
    })
  ).data;
}

export async function deleteRelease(id: number): Promise<void> {
  await api.json(`/api/admin/app-releases/${id}`, { method: 'DELETE' });
}

export async function uploadReleaseFile(
  file: File,
  onProgress?: (loaded: number, total: number) => void,
): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const answer = await api.upload<{ file: string }>('/api/admin/app-releases/file', form, {
    handlesValidation: true,
    timeoutMs: 30 * 60_000,
    ...(onProgress ? { onProgress } : {}),
  });
  return answer.data.file;
}

export async function acceptAgreement(version: number): Promise<AgreementState> {
  return (await api.post<AgreementState>('/api/agreement/accept', { version })).data;
}

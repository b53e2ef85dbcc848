import type {
  AdminFont,
  AdminSmiley,
  AdminSmileyGroup,
  FontPatch,
  SmileyGroupPatch,
  SmileyOrder,
  SmileyPatch,
} from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Under `['admin', part]`: a `CatalogUpdated` of the part reads them again. */
export const catalogKeys = {
  smileys: ['admin', 'smileys'] as const,
  fonts: ['admin', 'fonts'] as const,
};

export function smileysQuery() {
  return queryOptions({
    queryKey: catalogKeys.smileys,
    queryFn: async ({ signal }) =>
      (await api.get<AdminSmileyGroup[]>('/api/admin/smileys', { signal })).data,
  });
}

export async function createSmiley(fields: {
  tag: string;
  group_id: number;
  image: Blob;
}): Promise<AdminSmiley> {
  const form = new FormData();
  form.append('tag', fields.tag);
  form.append('group_id', String(fields.group_id));
  form.append('image', fields.image);
  return (
    await api.form<AdminSmiley>('/api/admin/smileys', form, {
      method: 'POST',
      handlesValidation: true,
    })
  ).data;
}

export async function updateSmiley(id: number, body: SmileyPatch): Promise<AdminSmiley> {
  return (
    await api.json<AdminSmiley>(`/api/admin/smileys/${id}`, {
      method: 'PATCH',
      body,
      handlesValidation: true,
    })
  ).data;
}

export async function deleteSmiley(id: number): Promise<void> {
  await api.json(`/api/admin/smileys/${id}`, { method: 'DELETE' });
}

export async function saveSmileyOrder(order: SmileyOrder): Promise<AdminSmileyGroup[]> {
  return (
    await api.json<AdminSmileyGroup[]>('/api/admin/smileys/order', { method: 'PUT', body: order })
  ).data;
}

export async function createGroup(body: { name_ru: string; name_en: string }) {
  return (
    await api.json<AdminSmileyGroup>('/api/admin/smiley-groups', {
      method: 'POST',
      body,
      handlesValidation: true,
    })
  ).data;
}

export async function updateGroup(id: number, body: SmileyGroupPatch) {
  return (
    await api.json<AdminSmileyGroup>(`/api/admin/smiley-groups/${id}`, {
      method: 'PATCH',
      body,
      handlesValidation: true,
    })
  ).data;
}

export async function deleteGroup(id: number): Promise<void> {
  await api.json(`/api/admin/smiley-groups/${id}`, { method: 'DELETE' });
}

export function fontsQuery() {
  return queryOptions({
    queryKey: catalogKeys.fonts,
    queryFn: async ({ signal }) =>
      (await api.get<AdminFont[]>('/api/admin/fonts', { signal })).data,
  });
}

export async function createFont(fields: {
  font_family: string;
  premium_only: boolean;
  file: Blob;
}): Promise<AdminFont> {
  const form = new FormData();
  form.append('font_family', fields.font_family);
  form.append('premium_only', fields.premium_only ? '1' : '0');
  form.append('file', fields.file);
  return (
    await api.form<AdminFont>('/api/admin/fonts', form, { method: 'POST', handlesValidation: true })
  ).data;
}

export async function updateFont(id: number, body: FontPatch): Promise<AdminFont> {
  return (await api.json<AdminFont>(`/api/admin/fonts/${id}`, { method: 'PATCH', body })).data;
}

export async function deleteFont(id: number): Promise<{ deleted: boolean; withdrawn: boolean }> {
  return (
    await api.json<{ deleted: boolean; withdrawn: boolean }>(`/api/admin/fonts/${id}`, {
      method: 'DELETE',
    })
  ).data;
}

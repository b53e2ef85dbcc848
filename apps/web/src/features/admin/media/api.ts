import type { AdminFrame, AdminSound, SoundKind } from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Under `['admin', part]`: a `CatalogUpdated` of the part reads them again. */
export const mediaKeys = {
  frames: ['admin', 'frames'] as const,
  sounds: ['admin', 'sounds'] as const,
};

export function framesQuery() {
  return queryOptions({
    queryKey: mediaKeys.frames,
    queryFn: async ({ signal }) =>
      (await api.get<AdminFrame[]>('/api/admin/frames', { signal })).data,
  });
}

export function soundsQuery() {
  return queryOptions({
    queryKey: mediaKeys.sounds,
    queryFn: async ({ signal }) =>
      (await api.get<AdminSound[]>('/api/admin/sounds', { signal })).data,
  });
}

export interface FrameFields {
  name_ru: string;
  name_en: string;
  premium_only: boolean;
  image: Blob;
}

export async function createFrame(fields: FrameFields): Promise<AdminFrame> {
  const form = new FormData();
  form.append('name_ru', fields.name_ru);
  form.append('name_en', fields.name_en);
  form.append('premium_only', fields.premium_only ? '1' : '0');
  form.append('image', fields.image);
  return (
    await api.form<AdminFrame>('/api/admin/frames', form, {
      method: 'POST',
      handlesValidation: true,
    })
  ).data;
}

export type FramePatch = Partial<
  Pick<AdminFrame, 'name_ru' | 'name_en' | 'premium_only' | 'position' | 'active'>
>;

export async function updateFrame(frame: AdminFrame, body: FramePatch): Promise<AdminFrame> {
  return (
    await api.json<AdminFrame>(`/api/admin/frames/${frame.id}`, {
      method: 'PATCH',
      body: { ...body, updated_at: frame.updated_at },
    })
  ).data;
}

/** Deleted, or withdrawn when someone wears it. */
export async function deleteFrame(id: number): Promise<{ deleted: boolean }> {
  return (await api.json<{ deleted: boolean }>(`/api/admin/frames/${id}`, { method: 'DELETE' }))
    .data;
}

export interface SoundFields {
  name_ru: string;
  name_en: string;
  default_for: SoundKind | null;
  file: Blob;
}

export async function createSound(fields: SoundFields): Promise<AdminSound> {
  const form = new FormData();
  form.append('name_ru', fields.name_ru);
  form.append('name_en', fields.name_en);
  form.append('default_for', fields.default_for ?? '');
  form.append('file', fields.file);
  return (
    await api.form<AdminSound>('/api/admin/sounds', form, {
      method: 'POST',
      handlesValidation: true,
    })
  ).data;
}

export type SoundPatch = Partial<
  Pick<AdminSound, 'name_ru' | 'name_en' | 'default_for' | 'position' | 'active'>
>;

export async function updateSound(sound: AdminSound, body: SoundPatch): Promise<AdminSound> {
  return (
    await api.json<AdminSound>(`/api/admin/sounds/${sound.id}`, {
      method: 'PATCH',
      body: { ...body, updated_at: sound.updated_at },
    })
  ).data;
}

export async function deleteSound(id: number): Promise<void> {
  await api.json(`/api/admin/sounds/${id}`, { method: 'DELETE' });
}

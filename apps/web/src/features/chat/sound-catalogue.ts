import type { PublicSound } from '@chat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../../app/query-client';
import { api } from '../../lib/api';
import { rememberSoundCatalogue } from './sound-choice';

/**
 * The site's sounds (GET /api/sounds), under `['catalog', 'sounds']`: an admin's change
 * (`CatalogUpdated`) has them read again.
 */
export function publicSoundsQuery() {
  return queryOptions({
    queryKey: ['catalog', 'sounds'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<PublicSound[]>('/api/sounds', { signal, silent: true })).data,
    staleTime: Infinity,
  });
}

/**
 * The catalogue, kept loaded while the chat is open so the first sound is already the right
 * one, and handed to what rings (sound-choice.ts). Read through the site's one cache itself,
 * so a component needs no provider for it.
 */
export function useSoundCatalogue(): PublicSound[] | undefined {
  const { data } = useQuery(publicSoundsQuery(), queryClient);
  useEffect(() => {
    if (data) rememberSoundCatalogue(data);
  }, [data]);
  return data;
}

import type { CatalogPart, InitData } from '@chat/shared';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useFontsStore } from '../../shared/hooks/use-fonts';
import { useSessionStore } from '../session/store';
import { readInitAgain } from './pages/agreement-version';

/** Parts whose catalogue comes with init (fonts) or with the user data (smileys, permissions). */
const FROM_INIT: ReadonlySet<CatalogPart> = new Set(['fonts', 'smileys', 'permissions']);

/**
 * `CatalogUpdated` on `private-chat`: an admin changed a part of the catalogues. Queries of
 * that part (`['catalog', part]`, and the admin area's `['admin', part]`) are read again, and
 * what init carries (fonts, smileys, my permissions) is read from init once more: a smiley an
 * admin adds shows in the picker of someone already chatting, without a reload.
 */
export function createCatalogEvents(queryClient: QueryClient) {
  let reading: Promise<void> | null = null;
  const readInit = () =>
    (reading ??= (async () => {
      try {
        const answer = await api.get<InitData>('/api/init', {
          query: { platform: 'pc' },
          silent: true,
        });
        useFontsStore.getState().setFonts(answer.data.fonts ?? []);
        const fresh = answer.data.user;
        const current = useSessionStore.getState().userData;
        if (fresh && current && fresh.user.id === current.user.id)
          useSessionStore.setState({
            userData: {
              ...current,
              smiley_groups: fresh.smiley_groups,
              roles: fresh.roles,
              permissions: fresh.permissions,
            },
          });
      } catch (error) {
        console.error('the catalogue could not be read again', error);
      } finally {
        reading = null;
      }
    })());
  return {
    catalogUpdated(part: CatalogPart): void {
      void queryClient.invalidateQueries({ queryKey: ['catalog', part] });
      void queryClient.invalidateQueries({ queryKey: ['admin', part] });
      if (FROM_INIT.has(part)) void readInit();
      if (part === 'pages') void readInitAgain();
      // Premium prices are site settings: the premium page shows a new price at once.
      if (part === 'settings') void queryClient.invalidateQueries({ queryKey: ['premium'] });
    },
  };
}

import type { Locale } from '@chat/shared';
import { localePath } from '../../lib/locale-path';

/** `/{locale}/profile/{slug}`. */
export const profilePath = (locale: Locale, slug: string) =>
  localePath(locale, `/profile/${encodeURIComponent(slug)}`);

/** `/{locale}/profiles/{tab}`. */
export const profilesPath = (locale: Locale, tab = 'online') =>
  localePath(locale, `/profiles/${tab}`);

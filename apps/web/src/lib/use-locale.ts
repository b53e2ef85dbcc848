import type { Locale } from '@chat/shared';
import { useLocation } from 'react-router';
import { resolveLocale } from './locale-path';

/** The interface language of the current page, from the first path segment. */
export function useLocale(): Locale {
  return resolveLocale(useLocation().pathname).locale;
}

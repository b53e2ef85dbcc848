import type { Locale } from '@chat/shared';
import { localePath } from '../../lib/locale-path';

/** `/{locale}/complaints`, with a tab other than the first as `?tab=`. */
export const complaintsPath = (locale: Locale, tab?: string) =>
  localePath(locale, tab && tab !== 'mine' ? `/complaints?tab=${tab}` : '/complaints');

/** `/{locale}/complaints/{id}`. */
export const complaintPath = (locale: Locale, id: number) =>
  localePath(locale, `/complaints/${id}`);

/** `/{locale}/moderation/{tab}`. */
export const moderationPath = (locale: Locale, tab = 'bans') =>
  localePath(locale, `/moderation/${tab}`);

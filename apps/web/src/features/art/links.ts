import type { Locale } from '@chat/shared';
import { localePath } from '../../lib/locale-path';

const enc = encodeURIComponent;

/** `/{locale}/art`, or a group's gallery: `/{locale}/art/{slug}`. */
export const artPath = (locale: Locale, groupSlug?: string) =>
  localePath(locale, groupSlug === undefined ? '/art' : `/art/${enc(groupSlug)}`);

/** `/{locale}/art/create/{groupSlug}`: a new post there. */
export const artCreatePath = (locale: Locale, groupSlug: string) =>
  localePath(locale, `/art/create/${enc(groupSlug)}`);

/** `/{locale}/art/post/{postSlug}`. */
export const artPostPath = (locale: Locale, postSlug: string) =>
  localePath(locale, `/art/post/${enc(postSlug)}`);

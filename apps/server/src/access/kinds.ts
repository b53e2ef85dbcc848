/**
 * The kinds of things the access layer answers for, one policy file each. A new kind of content
 * adds its `<kind>.policy.ts` here (canSee, can, abilities, and `listedFor` when its lists are
 * paged in SQL), a row in access.test.ts's table, and nothing anywhere else decides for it.
 */
export const ACCESS_KINDS = [
  'message',
  'room',
  'private-channel',
  'attachment',
  'profile-content',
  'complaint',
  'notification',
  'quote',
  'gift',
  'content-review',
  'forum-post',
  'art-post',
  'video',
] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

/** The art section's limits (API.md "Art"). */
export const ART_TITLE_MAX = 150;
/** A post's or a comment's Markdown source, in characters. */
export const ART_TEXT_MAX = 10_000;
export const ART_COMMENT_MAX = 2_000;
/** Pictures of one post, from the upload pipeline (`purpose=art`). */
export const ART_PICTURES_MIN = 1;
export const ART_PICTURES_MAX = 20;
/** Posts per gallery page (a grid of 4 × 6 on a wide screen), comments per page. */
export const ART_POSTS_PER_PAGE = 24;
export const ART_COMMENTS_PER_PAGE = 30;
/** `top` counts the likes of this period (a post's likes within it, newest posts first on ties). */
export const ART_TOP_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;
/** How long an author may edit a comment; a post may be edited by its author at any time. */
export const ART_COMMENT_EDIT_WINDOW_MS = 30 * 60 * 1000;
export const ART_SORTS = ['new', 'top', 'discussed'] as const;
export type ArtSort = (typeof ART_SORTS)[number];

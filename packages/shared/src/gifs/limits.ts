// The GIF library's numbers, apart from its schemas: the web's store needs them on every page,
// zod only where GIFs are shown.
export const GIFS_PAGE = 30;
export const RECENT_GIFS_MAX = 20;

/** The longest search text of `GET /api/gifs` that is looked at. */
export const GIF_QUERY_MAX = 64;

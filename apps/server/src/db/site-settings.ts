/** Keys of the site_settings table that more than one part of the server reads or writes. */

/** The main room's id (written by the demo seed, an admin may change it; rooms read it). */
export const MAIN_ROOM_SETTING = 'main_room_id';

/**
 * How many of a new account's forum posts wait for a moderator before anyone else sees them:
 * a post is held while its author has fewer accepted posts than this. Absent or 0: none are.
 */
export const FORUM_HOLD_FIRST_POSTS_SETTING = 'forum_hold_first_posts';

/** The version of the site settings as a whole: the admin form's `updated_at` (409 when it moved). */
export const SETTINGS_VERSION_SETTING = 'settings_updated_at';

/** Keys of the site_settings table that more than one part of the server reads or writes. */

/** The main room's id (written by the demo seed, an admin may change it; rooms read it). */
export const MAIN_ROOM_SETTING = 'main_room_id';

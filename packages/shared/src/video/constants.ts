/** Video rooms (API.md "Video rooms"): the limits both ends share. */

/** How many people a call holds when the site setting `video_cap` was never saved. */
export const VIDEO_CAP_DEFAULT = 6;
/** A mesh sends every stream to every other participant: past this, browsers cannot keep up. */
export const VIDEO_CAP_MAX = 8;
/** The longest session description relayed (a video offer with many codecs is ~10 KB). */
export const VIDEO_SDP_MAX = 64 * 1024;
/** The longest ICE candidate line relayed. */
export const VIDEO_CANDIDATE_MAX = 1024;
/**
 * How long a participant whose every socket in the room closed stays in the call, shown as
 * reconnecting, before the server takes them out (a page reload or a network switch fits).
 */
export const VIDEO_RECONNECT_GRACE_SECONDS = 20;

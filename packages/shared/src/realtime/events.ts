import type { PublicUser } from '../schemas/user';

/**
 * Every realtime event the server sends, by name, with its payload: the one event map both ends
 * are typed from (DESIGN.md rule 6). Names are the spec's, with a dot for the namespace.
 * Features add their events here as they land.
 */
export interface RealtimeEventMap {
  /** On `common` when a node starts a build the open tabs do not have. */
  UpdateRequired: { build_key: string };
  /** On `private-chat`: a user's profile fields changed. */
  UserUpdated: { user: PublicUser };
}

export type RealtimeEventName = keyof RealtimeEventMap;

/** Client events (`client-*`) the web app sends on presence channels. */
export interface ClientEventMap {
  'client-typing': { user_id: number; nick: string; typing: boolean };
}

/** Presence member info as signed into `channel_data`. */
export interface PresenceMemberInfo {
  id: number;
  slug: string;
  nick: string;
  roles: string[];
}

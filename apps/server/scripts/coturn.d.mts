// Types of what TypeScript imports from coturn.mjs (the video journeys relay through it).
export interface Coturn {
  /** `turn:127.0.0.1:{port}?transport=udp`. */
  url: string;
  /** The shared secret the site makes each person's short-lived credentials from. */
  secret: string;
  /** The site's environment for this relay (`TURN_URLS`, `TURN_SECRET`). */
  env: Record<string, string>;
  close: () => Promise<void>;
}
export declare const TURNSERVER: string;
export declare function coturnInstalled(): boolean;
export declare function startCoturn(): Promise<Coturn>;

/**
 * Moderation in the hostile world (kit.ts): what the moderation routes act on, and their cases
 * in the sweep's catalogue. Each moderation feature (bans and warnings, complaints, content
 * reviews, roles) adds its routes' cases to the lists below.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Client } from '../test/factories';
import type { RouteCase, World } from './kit';

export interface ModerationWorld {
  /** Filled in by the moderation features as their cases need fixtures. */
  readonly ready: true;
}

export async function buildModerationWorld(
  _db: Kysely<DB>,
  _people: { owner: Client; peer: Client; moderator: Client; admin: Client },
  _at: string,
): Promise<ModerationWorld> {
  return { ready: true };
}

export const MODERATION_UNSAFE_ROUTES: RouteCase[] = [];

export const MODERATION_SAFE_ROUTES: {
  route: string;
  url(w: World): string;
  access: 'public' | 'user';
}[] = [];

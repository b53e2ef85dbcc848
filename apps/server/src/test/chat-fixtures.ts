import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../db/schema';
import type { DomainEventMap, DomainEventName } from '../events/domain-events';
import { nowIso } from '../lib/clock';
import { buildUser, signedIn, type Client } from './factories';

/** A room straight in the database. */
export async function buildRoom(
  app: FastifyInstance,
  overrides: { is_public?: number; owner_id?: number | null; name_en?: string } = {},
) {
  return app.deps.database.db
    .insertInto('rooms')
    .values({
      name_ru: 'Комната',
      name_en: overrides.name_en ?? 'Room',
      is_public: overrides.is_public ?? 1,
      owner_id: overrides.owner_id ?? null,
      position: 1,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A signed-in user who has entered the room through the API. */
export async function memberOf(
  app: FastifyInstance,
  roomId: number,
  overrides: Partial<Pick<UserRow, 'nick' | 'role' | 'gender' | 'birthdate'>> = {},
): Promise<Client> {
  const client = await signedIn(app, await buildUser(app, overrides));
  const res = await client.asBrowser({ method: 'POST', url: `/api/room/${roomId}/enter` });
  if (res.statusCode !== 200) throw new Error(`enter failed: ${res.statusCode} ${res.body}`);
  return client;
}

export const clientId = () => randomBytes(9).toString('base64url');

/** Records the domain events of one kind the services emit. */
export function recordEvents<K extends DomainEventName>(
  app: FastifyInstance,
  name: K,
): DomainEventMap[K][] {
  const seen: DomainEventMap[K][] = [];
  app.deps.events.on(name, (payload) => {
    seen.push(payload);
  });
  return seen;
}

import { ROLE_PERMISSIONS, ROLES, type Permission, type Role } from '@chat/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { nowIso } from '../../lib/clock';
import { FOREVER } from './sanctions';

/**
 * Every permission-guarded moderation endpoint, called as each role: 403 `forbidden` exactly when
 * the role's row of ROLE_PERMISSIONS lacks the permission (any of `anyOf`), and never 403 when it
 * has it. The expectation is read from the table, so changing the table changes the test.
 */

const dialects = await testDialects();

interface Fixtures {
  /** A fresh plain user, a target nobody has touched. */
  user(): Promise<number>;
  /** A fresh user with an about text (content to accept or refuse). */
  userWithAbout(): Promise<number>;
  /** An active sanction of that type on a fresh user (the row and the user's column). */
  ban(type: 'gag' | 'ban' | 'full_ban'): Promise<number>;
  /** A content review waiting in the queue (a fresh user's about text). */
  review(): Promise<number>;
  /** An open complaint about a fresh user. */
  complaint(): Promise<number>;
}

interface Guarded {
  name: string;
  /** Holding any one of these lets the caller through. */
  anyOf: Permission[];
  /** A fresh, valid request: each role's call gets its own targets. */
  request(f: Fixtures): Promise<InjectOptions>;
}

const ENDPOINTS: Guarded[] = [
  {
    name: 'POST /api/admin/users/:id/role',
    anyOf: ['roles.manage'],
    request: async (f) => ({
      method: 'POST',
      url: `/api/admin/users/${await f.user()}/role`,
      payload: { role: 'moderator' },
    }),
  },
  {
    name: 'POST /api/moderation/bans (gag)',
    anyOf: ['user.gag'],
    request: async (f) => ({
      method: 'POST',
      url: '/api/moderation/bans',
      payload: { user_id: await f.user(), type: 'gag', period: '5m', reason: 'spam' },
    }),
  },
  {
    name: 'POST /api/moderation/bans (ban)',
    anyOf: ['user.ban'],
    request: async (f) => ({
      method: 'POST',
      url: '/api/moderation/bans',
      payload: { user_id: await f.user(), type: 'ban', period: '1h', reason: 'flood' },
    }),
  },
  {
    name: 'POST /api/moderation/bans (full_ban)',
    anyOf: ['user.ban'],
    request: async (f) => ({
      method: 'POST',
      url: '/api/moderation/bans',
      payload: { user_id: await f.user(), type: 'full_ban', period: 'forever', reason: 'spam' },
    }),
  },
  {
    name: 'DELETE /api/moderation/bans/:id (gag)',
    anyOf: ['user.gag'],
    request: async (f) => ({ method: 'DELETE', url: `/api/moderation/bans/${await f.ban('gag')}` }),
  },
  {
    name: 'DELETE /api/moderation/bans/:id (ban)',
    anyOf: ['user.ban'],
    request: async (f) => ({ method: 'DELETE', url: `/api/moderation/bans/${await f.ban('ban')}` }),
  },
  {
    name: 'GET /api/moderation/bans',
    anyOf: ['banlist.view'],
    request: async () => ({ method: 'GET', url: '/api/moderation/bans?status=all' }),
  },
  {
    name: 'POST /api/moderation/warnings',
    anyOf: ['user.warn'],
    request: async (f) => ({
      method: 'POST',
      url: '/api/moderation/warnings',
      payload: { user_id: await f.user(), reason: 'behavior' },
    }),
  },
  {
    name: 'POST /api/moderation/trolls/:userId',
    anyOf: ['user.troll'],
    request: async (f) => ({ method: 'POST', url: `/api/moderation/trolls/${await f.user()}` }),
  },
  {
    name: 'DELETE /api/moderation/trolls/:userId',
    anyOf: ['user.troll'],
    request: async (f) => ({ method: 'DELETE', url: `/api/moderation/trolls/${await f.user()}` }),
  },
  {
    name: 'GET /api/moderation/users/:id',
    anyOf: ['user.gag', 'user.ban', 'user.warn'],
    request: async (f) => ({ method: 'GET', url: `/api/moderation/users/${await f.user()}` }),
  },
  {
    name: 'GET /api/moderation/log',
    anyOf: ['moderation.log'],
    request: async () => ({ method: 'GET', url: '/api/moderation/log' }),
  },
  {
    name: 'GET /api/moderation/queue',
    anyOf: ['content.moderate'],
    request: async () => ({ method: 'GET', url: '/api/moderation/queue' }),
  },
  {
    name: 'POST /api/moderation/queue/:id',
    anyOf: ['content.moderate'],
    request: async (f) => ({
      method: 'POST',
      url: `/api/moderation/queue/${await f.review()}`,
      payload: { status: 'accepted' },
    }),
  },
  {
    name: 'POST /api/moderation/content',
    anyOf: ['content.moderate'],
    request: async (f) => ({
      method: 'POST',
      url: '/api/moderation/content',
      payload: {
        subject_type: 'about',
        subject_id: await f.userWithAbout(),
        status: 'refused',
        comment: 'No',
      },
    }),
  },
  {
    name: 'POST /api/complaints',
    anyOf: ['complaint.create'],
    request: async (f) => ({
      method: 'POST',
      url: '/api/complaints',
      payload: { target_type: 'user', target_id: await f.user(), reason: 'spam' },
    }),
  },
  {
    name: 'GET /api/complaints?tab=open',
    anyOf: ['complaint.handle'],
    request: async () => ({ method: 'GET', url: '/api/complaints?tab=open' }),
  },
  {
    name: 'GET /api/complaints?tab=closed',
    anyOf: ['complaint.handle'],
    request: async () => ({ method: 'GET', url: '/api/complaints?tab=closed' }),
  },
  {
    name: 'POST /api/complaints/:id/take',
    anyOf: ['complaint.handle'],
    request: async (f) => ({ method: 'POST', url: `/api/complaints/${await f.complaint()}/take` }),
  },
  {
    name: 'POST /api/complaints/:id/resolve',
    anyOf: ['complaint.handle'],
    request: async (f) => ({
      method: 'POST',
      url: `/api/complaints/${await f.complaint()}/resolve`,
      payload: { status: 'refused', comment: 'Nothing wrong here' },
    }),
  },
];

const mayCall = (role: Role, endpoint: Guarded) =>
  endpoint.anyOf.some((permission) => ROLE_PERMISSIONS[role].includes(permission));

const CASES = ENDPOINTS.flatMap((endpoint) =>
  ROLES.map((role) => ({ endpoint, role, allowed: mayCall(role, endpoint) })),
);

describe.each(dialects)('moderation permissions on %s', (dialect) => {
  let t: TestApp;
  let caller: Record<Role, Client>;
  let staff: number;
  let fixtures: Fixtures;
  /** Endpoints that answered 404 to a role: all four means the route does not exist yet. */
  const notFound = new Map<string, number>();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const db = t.app.deps.database.db;
    const entries = await Promise.all(
      ROLES.map(async (role) => [role, await signedIn(t.app, await buildUser(t.app, { role }))]),
    );
    caller = Object.fromEntries(entries) as Record<Role, Client>;
    // Fixtures are someone else's doing, so that no caller acts on its own sanction or complaint.
    staff = (await buildUser(t.app, { role: 'admin' })).id;
    const user = async () => (await buildUser(t.app)).id;
    const userWithAbout = async () => {
      const id = await user();
      await db
        .updateTable('users')
        .set({ about: 'Hello, I am new here' })
        .where('id', '=', id)
        .execute();
      return id;
    };
    fixtures = {
      user,
      async ban(type) {
        const userId = await user();
        const at = nowIso();
        const row = await db
          .insertInto('bans')
          .values({
            user_id: userId,
            moderator_id: staff,
            type,
            period: 'forever',
            reason: 'spam',
            taboo: null,
            comment: null,
            message_id: null,
            evidence: null,
            created_at: at,
            expires_at: null,
            lifted_at: null,
            lifted_by: null,
            lift_reason: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .updateTable('users')
          .set(type === 'gag' ? { gag_until: FOREVER } : { ban_until: FOREVER })
          .where('id', '=', userId)
          .execute();
        return row.id;
      },
      userWithAbout,
      async review() {
        const owner = await userWithAbout();
        const at = nowIso();
        const row = await db
          .insertInto('content_reviews')
          .values({
            subject_type: 'about',
            subject_id: owner,
            owner_id: owner,
            status: 'new',
            reason: null,
            moderator_id: null,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      },
      async complaint() {
        const accused = await user();
        const reporter = await user();
        const at = nowIso();
        const row = await db
          .insertInto('complaints')
          .values({
            target_type: 'user',
            target_id: accused,
            reason: 'spam',
            text: null,
            status: 'open',
            reporter_id: reporter,
            accused_id: accused,
            assignee_id: null,
            resolver_id: null,
            resolution: null,
            evidence: null,
            open_key: `user:${accused}`,
            created_at: at,
            updated_at: at,
            taken_at: null,
            resolved_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('complaint_reporters')
          .values({
            complaint_id: row.id,
            reporter_id: reporter,
            reason: 'spam',
            text: null,
            created_at: at,
          })
          .execute();
        return row.id;
      },
    };
  });
  afterAll(async () => {
    await t.close();
    const missing = [...notFound].filter(([, n]) => n === ROLES.length).map(([name]) => name);
    if (missing.length > 0) console.warn(`[${dialect}] endpoints not found for any role:`, missing);
  });

  it.each(CASES)('$endpoint.name as $role', async ({ endpoint, role, allowed }) => {
    const res = await caller[role].asBrowser(await endpoint.request(fixtures));
    if (res.statusCode === 404) notFound.set(endpoint.name, (notFound.get(endpoint.name) ?? 0) + 1);
    if (allowed) {
      expect(res.statusCode, res.body).not.toBe(403);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(json(res).code, res.body).toBe('forbidden');
    }
  });

  it('an anonymous caller is asked to sign in everywhere', async () => {
    for (const endpoint of ENDPOINTS) {
      const res = await t.app.inject(await endpoint.request(fixtures));
      expect(res.statusCode, `${endpoint.name}: ${res.body}`).toBe(401);
    }
  });
});

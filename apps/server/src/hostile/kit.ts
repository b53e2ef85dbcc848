/**
 * Shared pieces of the hostile-input sweep: a small world of users, rooms and messages built
 * straight in the database, a catalogue of every unsafe route with a call that would succeed,
 * the envelope check, and a "nothing changed" probe (every table, domain events, broadcasts).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect, vi } from 'vitest';
import type { RoomRow } from '../db/schema';
import { SESSION_COOKIE } from '../http/session';
import { nowIso } from '../lib/clock';
import { newToken } from '../lib/tokens';
import { clientId } from '../test/chat-fixtures';
import { connectedSocket } from '../test/pusher-clients';
import { clientOf, type Client } from '../test/factories';
import { buildImWorld } from './im-world';
import { caseLists } from './module-cases';
import { buildProfilesWorld } from './profiles-world';
import { personValues, sessionValues, testPasswordHash } from './rows';
import type { RouteCase, SafeRouteCase, World } from './world';
import { buildAdminWorld } from './admin-world';
import { buildArtWorld } from './art-world';
import { buildForumWorld } from './forum-world';
import { buildModerationWorld } from './moderation-world';
import { buildEconomyWorld } from './economy-world';
import { buildSocialWorld } from './social-world';
import { buildMailWorld } from './mail-world';
import { buildSignInWorld } from './sign-in-world';
import { buildVideoWorld } from './video-world';

export type { ModuleCases, RouteCase, SafeRouteCase, World } from './world';

export type Res = LightMyRequestResponse;

export interface Envelope {
  message: string;
  code?: string;
  errors?: Record<string, string[]>;
}

/** What is wrong with an error answer, or null when it is `status` in the API's envelope. */
export function envelopeProblem(res: Res, statuses: number[], code?: string): string | null {
  if (!statuses.includes(res.statusCode))
    return `status ${res.statusCode} (wanted ${statuses.join('/')}): ${res.body.slice(0, 160)}`;
  if (!/^application\/json/.test(String(res.headers['content-type'])))
    return `content-type ${String(res.headers['content-type'])}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `not JSON: ${res.body.slice(0, 160)}`;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not an object';
  const b = body as Record<string, unknown>;
  const extra = Object.keys(b).filter((k) => !['message', 'code', 'errors'].includes(k));
  if (extra.length > 0) return `foreign keys in the envelope: ${extra.join(', ')}`;
  if (typeof b.message !== 'string' || b.message.length === 0) return 'no message';
  if (code !== undefined && b.code !== code) return `code ${String(b.code)} (wanted ${code})`;
  if (b.errors !== undefined) {
    if (!b.errors || typeof b.errors !== 'object') return 'errors is not an object';
    for (const [field, list] of Object.entries(b.errors as Record<string, unknown>))
      if (!Array.isArray(list) || !list.every((m) => typeof m === 'string' && m.length > 0))
        return `errors.${field} is not a list of messages`;
  }
  return null;
}

/** Asserts an error answer in the envelope with this status (and code). */
export function expectError(res: Res, status: number, code?: string): Envelope {
  expect(envelopeProblem(res, [status], code), res.body).toBeNull();
  return JSON.parse(res.body) as Envelope;
}

/**
 * Asserts a 422 naming exactly these fields; with `loose`, naming at least these (a field also
 * counts when only a nested path under it is named, like `room.5`).
 */
export function expectInvalid(res: Res, fields: string[], loose = false): Envelope {
  const body = expectError(res, 422, 'validation');
  const named = Object.keys(body.errors ?? {});
  if (loose) {
    const missing = fields.filter((f) => !named.some((n) => n === f || n.startsWith(`${f}.`)));
    expect(missing, `named ${named.join(', ')}`).toEqual([]);
  } else expect(named.sort()).toEqual([...fields].sort());
  return body;
}

export function data<T>(res: Res): T {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return (JSON.parse(res.body) as { data: T }).data;
}

// ---------------------------------------------------------------------------------------------
// "Nothing changed": every table of the schema, plus domain events and broadcasts. The tables
// are read from the database itself, so a new migration's table is watched without a word here.
// Each table gets triggers (in the test's own database) that count rows really inserted, deleted
// or changed, so a check costs one query however big the tables grow.

/** Tables no request writes, each with the reason it is not watched. */
const UNWATCHED: Record<string, string> = {
  // Kysely's migrator keeps these; they change only when the server starts.
  kysely_migration: 'migrations run at start, never in a request',
  kysely_migration_lock: 'migrations run at start, never in a request',
  // The probe's own counters: watching them would count every count.
  hostile_changes: "the probe's own table",
};

/**
 * SQLite's search index (0021-search: FTS5 tables, their shadow tables, the chat batch's cursor)
 * follows the watched forum and chat tables, and the chat's batch writes it a second after a
 * message, in the background: it is no change of a request's own.
 */
const SEARCH_INDEX = /^search_/;

/** Every table of the app's schema (the test's own SQLite file or PostgreSQL schema). */
export async function schemaTables(app: FastifyInstance): Promise<string[]> {
  const { db, dialect, schema } = app.deps.database;
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_type = 'BASE TABLE'
            and table_schema = ${schema ?? sql`current_schema()`}`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(db);
  return rows
    .map((r) => r.name)
    .filter((name) => !Object.hasOwn(UNWATCHED, name) && !SEARCH_INDEX.test(name))
    .sort();
}

async function installChangeCounters(app: FastifyInstance): Promise<string[]> {
  const db = app.deps.database.db;
  const tables = await schemaTables(app);
  await sql`create table hostile_changes (tbl varchar(64) primary key, n integer not null)`.execute(
    db,
  );
  for (const table of tables)
    await sql`insert into hostile_changes (tbl, n) values (${table}, 0)`.execute(db);
  if (app.deps.database.dialect === 'postgres') {
    await sql`create function hostile_count() returns trigger language plpgsql as $$
      begin update hostile_changes set n = n + 1 where tbl = TG_TABLE_NAME; return null; end $$`.execute(
      db,
    );
    for (const table of tables) {
      const t = sql.table(table);
      await sql`create trigger ${sql.raw(`hostile_${table}_rows`)} after insert or delete on ${t}
        for each row execute function hostile_count()`.execute(db);
      await sql`create trigger ${sql.raw(`hostile_${table}_update`)} after update on ${t}
        for each row when (old.* is distinct from new.*) execute function hostile_count()`.execute(
        db,
      );
    }
    return tables;
  }
  for (const table of tables) {
    const { rows } = await sql<{
      name: string;
    }>`select name from pragma_table_info(${table})`.execute(db);
    const changed = rows.map((c) => `old."${c.name}" is not new."${c.name}"`).join(' or ');
    const bump = `update hostile_changes set n = n + 1 where tbl = '${table}'`;
    for (const [event, when] of [
      ['insert', ''],
      ['delete', ''],
      ['update', `when ${changed}`],
    ] as const) {
      await sql
        .raw(
          `create trigger hostile_${table}_${event} after ${event} on "${table}" for each row ${when} begin ${bump}; end`,
        )
        .execute(db);
    }
  }
  return tables;
}

export interface Observer {
  /** Runs `call` and lists what it changed: tables, domain events, realtime broadcasts. */
  changes(call: () => Promise<unknown>): Promise<string[]>;
}

/** Watches one app: installs the change counters and spies on the event bus and broadcaster. */
export async function observe(app: FastifyInstance): Promise<Observer> {
  const tables = await installChangeCounters(app);
  const emits = vi.spyOn(app.deps.events, 'emit');
  const broadcasts = vi.spyOn(app.deps.realtime, 'broadcast');
  const counters = async () => {
    const { rows } = await sql<{
      tbl: string;
      n: number;
    }>`select tbl, n from hostile_changes`.execute(app.deps.database.db);
    return new Map(rows.map((r) => [r.tbl, Number(r.n)]));
  };
  return {
    async changes(call) {
      const before = await counters();
      const emitted = emits.mock.calls.length;
      const sent = broadcasts.mock.calls.length;
      await call();
      // Listeners and adapters may finish a tick later.
      await new Promise((r) => setImmediate(r));
      const after = await counters();
      const changed: string[] = [];
      for (const table of tables)
        if (after.get(table) !== before.get(table)) changed.push(`table ${table}`);
      for (const [name] of emits.mock.calls.slice(emitted)) changed.push(`event ${name}`);
      for (const [b] of broadcasts.mock.calls.slice(sent)) changed.push(`broadcast ${b.event}`);
      return changed;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The world: who is where, straight in the database.

let worlds = 0;

/**
 * A fresh world, in a handful of multi-row inserts. Users sign in with TEST_PASSWORD. The owner
 * already reacted `like` to the peer's message, quoted their own message and ignores the
 * moderator, so the undo routes have something to undo.
 */
export async function buildWorld(app: FastifyInstance): Promise<World> {
  worlds += 1;
  const tag = `${worlds}${randomBytes(2).toString('hex')}`;
  const db = app.deps.database.db;
  const at = nowIso();
  const hash = await testPasswordHash();
  const people = [
    ['owner', 'user'],
    ['peer', 'user'],
    ['guest', 'guest'],
    ['moderator', 'moderator'],
    ['admin', 'admin'],
    ['outsider', 'user'],
    ['stranger', 'user'],
  ] as const;
  const rows = await db
    .insertInto('users')
    .values(
      people.map(([label, role]) =>
        personValues(`${label}-${tag}`, `${label}${tag}`, role, role === 'guest' ? null : hash, at),
      ),
    )
    .returningAll()
    .execute();
  const byLabel = new Map(rows.map((r) => [r.nick.slice(0, -tag.length), r]));
  const tokens = people.map(() => newToken());
  await db
    .insertInto('sessions')
    .values(people.map(([label], i) => sessionValues(byLabel.get(label)!.id, tokens[i]!, at)))
    .execute();
  const [owner, peer, guest, moderator, admin, outsider, stranger] = people.map(([label], i) =>
    clientOf(app, byLabel.get(label)!, tokens[i]!),
  ) as [Client, Client, Client, Client, Client, Client, Client];
  const roomRows = await db
    .insertInto('rooms')
    .values(
      (
        [
          ['room', owner.user.id, 1],
          ['private', owner.user.id, 0],
          ['lobby', null, 1],
          ['stranger', stranger.user.id, 0],
        ] as const
      ).map(([name, owner_id, is_public]) => ({
        name_ru: 'Комната',
        name_en: `${name} ${tag}`,
        is_public,
        owner_id,
        position: 1,
        created_at: at,
      })),
    )
    .returningAll()
    .execute();
  const roomNamed = (name: string) => roomRows.find((r) => r.name_en === `${name} ${tag}`)!;
  const [room, privateRoom, lobby, strangerRoom] = ['room', 'private', 'lobby', 'stranger'].map(
    roomNamed,
  ) as [RoomRow, RoomRow, RoomRow, RoomRow];
  const member = (room_id: number, c: Client, position: number) => ({
    room_id,
    user_id: c.user.id,
    position,
    state_id: 1,
    invisible: 0,
    entered_at: at,
  });
  await db
    .insertInto('room_users')
    .values([
      ...[owner, peer, guest, moderator, admin].map((c) => member(room.id, c, 1)),
      member(privateRoom.id, owner, 2),
      member(strangerRoom.id, stranger, 1),
    ])
    .execute();
  const message = (room_id: number, c: Client, text: string) => ({
    room_id,
    user_id: c.user.id,
    type_id: 1,
    text,
    nicks: '[]',
    attachments: '[]',
    client_id: clientId(),
    created_at: at,
    deleted_at: null,
  });
  const messageRows = await db
    .insertInto('messages')
    .values([
      message(room.id, owner, `own ${tag}`),
      message(room.id, peer, `peer ${tag}`),
      message(strangerRoom.id, stranger, `secret ${tag}`),
    ])
    .returningAll()
    .execute();
  const said = (text: string) => messageRows.find((m) => m.text === text)!;
  const ownMessage = said(`own ${tag}`);
  const peerMessage = said(`peer ${tag}`);
  const strangerMessage = said(`secret ${tag}`);
  await db
    .insertInto('reactions')
    .values({
      likeable_type: 'message',
      likeable_id: peerMessage.id,
      user_id: owner.user.id,
      reaction: 'like',
      created_at: at,
    })
    .execute();
  await db
    .insertInto('quotes')
    .values({ user_id: owner.user.id, message_id: ownMessage.id, created_at: at })
    .execute();
  await db
    .insertInto('ignores')
    .values({ user_id: owner.user.id, ignored_id: moderator.user.id, created_at: at })
    .execute();
  const im = await buildImWorld(db, { owner, peer, stranger, outsider }, at);
  const social = await buildSocialWorld(db, { owner, outsider }, at);
  const profiles = await buildProfilesWorld(app, owner, at);
  const moderation = await buildModerationWorld(db, { owner, peer, moderator, admin }, at);
  const economy = await buildEconomyWorld(
    db,
    { owner, peer, moderator, admin },
    at,
    app.deps.economy.ledger,
    app.deps.economy.payments,
  );
  return {
    room,
    privateRoom,
    lobby,
    strangerRoom,
    owner,
    peer,
    guest,
    moderator,
    admin,
    outsider,
    stranger,
    ownMessage,
    peerMessage,
    strangerMessage,
    im,
    social,
    profiles,
    moderation,
    economy,
    forum: await buildForumWorld(db, { owner, peer }, at),
    art: await buildArtWorld(db, { owner, peer }, at),
    adminArea: await buildAdminWorld(db, { admin }, at),
    mail: await buildMailWorld(app, at),
    signIn: await buildSignInWorld(app, owner.user.id, at),
    video: await buildVideoWorld(db, { room, owner, peer }, at),
    // The channel auth signs only a socket connected now: the world keeps one open.
    socketId: (await connectedSocket(app)).socketId,
  };
}

// ---------------------------------------------------------------------------------------------
// Every route's cases, gathered from the modules (module-cases.ts).

export { nextIp } from './auth-routes';

/** Every unsafe route, with a call that succeeds for its actor (checked by the sweep itself). */
export const UNSAFE_ROUTES: RouteCase[] = caseLists().flatMap((cases) => cases.unsafe);

/** Safe routes (no body): what a forged token must not open either. */
export const SAFE_ROUTES: SafeRouteCase[] = caseLists().flatMap((cases) => cases.safe);

// ---------------------------------------------------------------------------------------------
// Ways to call.

/** The browser's cookie without the XSRF header (or with a wrong one). */
export function cookieOnly(
  app: FastifyInstance,
  client: Client,
  opts: InjectOptions,
  xsrf?: string,
): Promise<Res> {
  return app.inject({
    ...opts,
    cookies: { [SESSION_COOKIE]: client.token },
    headers: { ...(opts.headers ?? {}), ...(xsrf === undefined ? {} : { 'x-xsrf-token': xsrf }) },
  });
}

/** A JSON-ish body flattened to form fields in bracket notation (`room[5]=1`). */
export function flatFields(payload: unknown): [string, string][] {
  const out: [string, string][] = [];
  const walk = (prefix: string, value: unknown) => {
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}[${k}]` : k, v);
    } else {
      out.push([prefix, String(value)]);
    }
  };
  walk('', payload ?? {});
  return out;
}

/** The same call as a form body; `extra` is appended raw (already encoded). */
export function asForm(opts: InjectOptions, extra = ''): InjectOptions {
  const parts = flatFields(opts.payload).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
  if (extra) parts.push(extra);
  return {
    ...opts,
    headers: { ...(opts.headers ?? {}), 'content-type': 'application/x-www-form-urlencoded' },
    payload: parts.join('&'),
  };
}

/**
 * The same call as a JSON, a form or a multipart body, by turn (`turn % 3`): a loop over
 * hostile texts sends each kind of body in turn, and each must keep the text as typed.
 */
export function inBodyKind(call: InjectOptions, turn: number): InjectOptions {
  if (turn % 3 === 0) return call;
  if (turn % 3 === 1) return asForm(call);
  return { ...call, ...multipart(flatFields(call.payload)) };
}

/** A multipart body from plain fields (pairs, so a name may repeat), optionally with a file. */
export function multipart(
  fields: [string, string][],
  file?: { name: string; content: string },
): { headers: Record<string, string>; payload: string } {
  const boundary = `----hostile${randomBytes(6).toString('hex')}`;
  let payload = '';
  for (const [name, value] of fields)
    payload += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  if (file)
    payload +=
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="f.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\n${file.content}\r\n`;
  payload += `--${boundary}--\r\n`;
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
}

/** Whether a plain object prototype picked up anything (prototype pollution). */
export function polluted(): string[] {
  const probe = {} as Record<string, unknown>;
  return ['polluted', 'x', 'role', 'admin', 'isAdmin', 'mute'].filter(
    (k) => probe[k] !== undefined,
  );
}

export const TWO_MB = 2 * 1024 * 1024;

/** Rate-limit headers of a 429: reset in unix seconds within the window, Retry-After in seconds. */
export function expectRateLimited(res: Res, windowSeconds: number) {
  expectError(res, 429, 'too_many_requests');
  const now = Date.now() / 1000;
  const reset = Number(res.headers['x-ratelimit-reset']);
  expect(String(res.headers['x-ratelimit-reset'])).toMatch(/^\d{10}$/);
  expect(reset).toBeGreaterThanOrEqual(Math.floor(now));
  expect(reset).toBeLessThanOrEqual(Math.ceil(now) + windowSeconds);
  const retry = Number(res.headers['retry-after']);
  expect(String(res.headers['retry-after'])).toMatch(/^\d+$/);
  expect(retry).toBeGreaterThanOrEqual(1);
  expect(retry).toBeLessThanOrEqual(windowSeconds);
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
  expect(Number(res.headers['x-ratelimit-limit'])).toBeGreaterThan(0);
}

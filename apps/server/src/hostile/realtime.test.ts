/**
 * Hostile input to the realtime side of HTTP: channel authorization (who may listen where),
 * user sign-in for sockets, and Pusher's HTTP API (who may publish, and what).
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpApiStringToSign, md5Hex, sign } from '../realtime/signatures';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { testDialects } from '../test/databases';
import { json, type Client } from '../test/factories';
import { connectedSocket } from '../test/pusher-clients';
import {
  buildWorld,
  expectError,
  expectInvalid,
  observe,
  polluted,
  type Observer,
  type Res,
} from './kit';

const dialects = await testDialects();

describe.each(dialects)('hostile input to realtime endpoints on %s', (dialect) => {
  let t: TestApp;
  let obs: Observer;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    obs = await observe(t.app);
  });
  afterAll(async () => t.close());

  const nothingChanges = async (calls: () => Promise<unknown>) =>
    expect(await obs.changes(calls)).toEqual([]);

  describe('channel authorization', () => {
    const AUTH_URLS = ['/api/broadcasting/auth', '/broadcasting/auth'];
    const auth = (client: Client, url: string, body: Record<string, unknown>) =>
      client.asBrowser({ method: 'POST', url, payload: { socket_id: '123.456', ...body } });

    it("refuses other users' private channels and rooms I am not in (403), on both URLs", async () => {
      const w = await buildWorld(t.app);
      const refused = [
        `private-user.${w.owner.user.id}`,
        `private-user.${w.admin.user.id}`,
        `presence-room.${w.strangerRoom.id}`,
        `presence-room.${w.lobby.id}`,
        `presence-room.${w.privateRoom.id}`,
        'presence-room.2147483647',
        'common',
        'private-encrypted-chat',
        'presence-room.0',
        'presence-room.01',
        'private-user.0',
        'private-user.-1',
        'private-userx',
        'presence-room.1.2',
        'private-chat2',
        'PRIVATE-CHAT',
        'private-user.',
        'presence-chat',
        'public-room.1',
      ];
      await nothingChanges(async () => {
        for (const url of AUTH_URLS)
          for (const channel_name of refused) {
            const res = await auth(w.peer, url, { channel_name });
            expect(res.statusCode, `${url} ${channel_name}`).toBe(403);
            expectError(res, 403, 'forbidden');
          }
      });
    });

    // Regression guard (found by this sweep, now fixed): presence-room ids are parsed as up to 10 digits (packages/shared/src/realtime/
    // channels.ts, ID = [1-9][0-9]{0,9}) and go straight into `room_users.room_id = $1`
    // (src/features/rooms/room-members.repository.ts isMember); past 2^31-1 PostgreSQL fails
    // ("out of range for type integer") and the caller gets a 500 instead of a 403. Fix: treat
    // ids above 2147483647 as unknown in parseChannel (or in ChannelPolicy.mayJoin).
    it('refuses presence channels of rooms beyond the integer range with 403, not 500', async () => {
      const w = await buildWorld(t.app);
      for (const url of AUTH_URLS)
        for (const channel_name of ['presence-room.2147483648', 'presence-room.9999999999'])
          expectError(await auth(w.owner, url, { channel_name }), 403, 'forbidden');
    });

    it('refuses channel names and socket ids outside Pusher’s rules (422)', async () => {
      const w = await buildWorld(t.app);
      await nothingChanges(async () => {
        for (const url of AUTH_URLS) {
          for (const channel_name of [
            '<script>alert(1)</script>',
            'private-chat ',
            'private chat',
            '',
            `private-${'x'.repeat(160)}`,
            'private-chat\n',
            'présence-room.1',
            'private-user.1/../2',
            ['private-chat'],
            {},
            1,
            null,
          ])
            expectInvalid(await auth(w.owner, url, { channel_name }), ['channel_name']);
          for (const socket_id of [
            '<script>',
            '1',
            '1.',
            '.1',
            '1.1.1',
            `${'1'.repeat(21)}.1`,
            '-1.1',
            '1.1 ',
            1.1,
            ['1.1'],
            '',
            null,
          ])
            expectInvalid(await auth(w.owner, url, { socket_id, channel_name: 'private-chat' }), [
              'socket_id',
            ]);
        }
      });
    });

    it('signs only the caller: presence identity and user data cannot be chosen by the client', async () => {
      const w = await buildWorld(t.app);
      const peerSocket = await connectedSocket(t.app);
      const guestSocket = await connectedSocket(t.app);
      const res = await auth(w.peer, '/api/broadcasting/auth', {
        socket_id: peerSocket.socketId,
        channel_name: `presence-room.${w.room.id}`,
        channel_data: JSON.stringify({
          user_id: String(w.admin.user.id),
          user_info: { roles: ['admin'] },
        }),
        user_id: w.admin.user.id,
      });
      expect(res.statusCode).toBe(200);
      const answer = json<{ auth: string; channel_data: string }>(res);
      const channelData = JSON.parse(answer.channel_data) as {
        user_id: string;
        user_info: { roles: string[] };
      };
      expect(channelData.user_id).toBe(String(w.peer.user.id));
      expect(channelData.user_info.roles).toEqual(['user']);

      const signin = await w.guest.asBrowser({
        method: 'POST',
        url: '/broadcasting/user-auth',
        payload: {
          socket_id: guestSocket.socketId,
          user_data: JSON.stringify({ id: String(w.admin.user.id) }),
          id: w.admin.user.id,
        },
      });
      const userData = JSON.parse(json<{ user_data: string }>(signin).user_data) as { id: string };
      expect(userData.id).toBe(String(w.guest.user.id));
      // A guest is still a signed-in user: the site-wide chat channel is open to it.
      expect(
        (
          await auth(w.guest, '/broadcasting/auth', {
            socket_id: guestSocket.socketId,
            channel_name: 'private-chat',
          })
        ).statusCode,
      ).toBe(200);
      peerSocket.ws.close();
      guestSocket.ws.close();
    });

    it('refuses hostile socket ids for socket sign-in (422)', async () => {
      const w = await buildWorld(t.app);
      for (const socket_id of ['<script>', '1', '1.1.1', ['1.1'], {}, null, ''])
        expectInvalid(
          await w.owner.asBrowser({
            method: 'POST',
            url: '/broadcasting/user-auth',
            payload: { socket_id },
          }),
          ['socket_id'],
        );
    });
  });

  describe("Pusher's HTTP API", () => {
    const now = () => String(Math.floor(Date.now() / 1000));

    /** A signed URL, as the official library signs it (optionally with wrong parts). */
    function signed(
      path: string,
      body: string | null,
      opts: { key?: string; secret?: string; timestamp?: string; version?: string } = {},
    ) {
      const { pusherKey, pusherSecret } = t.app.deps.config.secrets;
      const query: Record<string, string> = {
        auth_key: opts.key ?? pusherKey,
        auth_timestamp: opts.timestamp ?? now(),
        auth_version: opts.version ?? '1.0',
      };
      if (body !== null) query.body_md5 = md5Hex(body);
      query.auth_signature = sign(
        opts.secret ?? pusherSecret,
        httpApiStringToSign('POST', path, query),
      );
      return `${path}?${new URLSearchParams(query).toString()}`;
    }
    const events = () => `/apps/${t.app.deps.config.secrets.pusherAppId}/events`;
    const batch = () => `/apps/${t.app.deps.config.secrets.pusherAppId}/batch_events`;
    const publish = (url: string, payload: string, type = 'application/json') =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });
    const event = (extra: Record<string, unknown> = {}) =>
      JSON.stringify({ name: 'Ping', data: '{}', channel: 'common', ...extra });

    it('grants a connected socket to a backend with the secret, and nothing else (403/401/422)', async () => {
      const grants = () => `/apps/${t.app.deps.config.secrets.pusherAppId}/grants`;
      const w = await buildWorld(t.app);
      const socket = await connectedSocket(t.app);
      const body = (socketId: string, userId: number, channels: unknown = ['private-chat']) =>
        JSON.stringify({ socket_id: socketId, user_id: userId, channels });
      const ok = body(socket.socketId, w.peer.user.id);
      expect((await publish(signed(grants(), ok), ok)).statusCode).toBe(200);
      // The same socket for another account, a socket no node holds, an unsigned call.
      const other = body(socket.socketId, w.owner.user.id);
      expect((await publish(signed(grants(), other), other)).statusCode).toBe(403);
      const missing = body('1.2', w.peer.user.id);
      expect((await publish(signed(grants(), missing), missing)).statusCode).toBe(403);
      expect((await publish(grants(), ok)).statusCode).toBe(401);
      for (const bad of [
        body(socket.socketId, -1),
        body(socket.socketId, w.peer.user.id, []),
        body(socket.socketId, w.peer.user.id, ['<script>']),
        JSON.stringify({ socket_id: socket.socketId, user_id: '1', channels: ['private-chat'] }),
      ])
        expect((await publish(signed(grants(), bad), bad)).statusCode).toBe(422);
      socket.ws.close();
    });

    it('publishes markup in event data verbatim as a string: it is data, not a page', async () => {
      const data = '{"html":"<script>alert(1)</script>"}';
      const body = event({ data, name: '<b>Evt</b>', channels: ['common', 'private-chat'] });
      const changed = await obs.changes(async () => {
        const res = await publish(signed(events(), body), body);
        expect(res.statusCode, res.body).toBe(200);
      });
      expect(changed).toEqual(['broadcast <b>Evt</b>', 'broadcast <b>Evt</b>']);
    });

    it('refuses unsigned, wrongly signed, stale or foreign calls (401/404), publishing nothing', async () => {
      const body = event();
      const { pusherKey, pusherSecret } = t.app.deps.config.secrets;
      const calls: [string, string, number][] = [
        ['unsigned', events(), 401],
        ['wrong secret', signed(events(), body, { secret: `${pusherSecret}x` }), 401],
        ['wrong key', signed(events(), body, { key: `${pusherKey}x` }), 401],
        ['wrong version', signed(events(), body, { version: '2.0' }), 401],
        // Well beyond the 600 s window: a second boundary crossed between signing and checking
        // must not bring a "601 s" timestamp back inside it.
        [
          'stale',
          signed(events(), body, { timestamp: String(Math.floor(Date.now() / 1000) - 660) }),
          401,
        ],
        [
          'from the future',
          signed(events(), body, { timestamp: String(Math.floor(Date.now() / 1000) + 660) }),
          401,
        ],
        ['timestamp garbage', signed(events(), body, { timestamp: '1e99' }), 401],
        ['md5 of another body', signed(events(), event({ name: 'Other' })), 401],
        ['signed for batch_events', signed(batch(), body).replace('/batch_events', '/events'), 401],
        ['another app', signed('/apps/999999/events', body), 404],
      ];
      await nothingChanges(async () => {
        for (const [label, url, status] of calls) {
          const res = await publish(url, body);
          expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
          expectError(res, status);
        }
        // A signature with its case changed, or with a parameter added after signing.
        const url = signed(events(), body);
        expectError(
          await publish(
            url.replace(
              /auth_signature=([0-9a-f]+)/,
              (_, s: string) => `auth_signature=${s.toUpperCase()}`,
            ),
            body,
          ),
          401,
        );
        expectError(await publish(`${url}&extra=1`, body), 401);
      });
    });

    // Regression guard (found by this sweep, now fixed): the body_md5 check only runs when the body came through the JSON parser, which sets
    // request.rawBody (src/realtime/http-api.routes.ts, the preHandler's
    // `request.rawBody !== undefined && ...`). A form-encoded (or multipart) body skips it, so a
    // signed URL seen once (logs, proxy) can be replayed for 10 minutes with any body: any event,
    // any channel, private ones included. Fix: refuse any content type but application/json in
    // this scope (415/422), and always require body_md5 to match the raw body.
    it('binds the signature to the body: a replayed URL with another body publishes nothing', async () => {
      const legit = event();
      const url = signed(events(), legit);
      const noMd5 = signed(events(), null);
      const evil = `name=Evil&data=pwned&channel=private-user.1`;
      await nothingChanges(async () => {
        for (const [label, u, payload, type] of [
          ['replayed URL, form body', url, evil, 'application/x-www-form-urlencoded'],
          ['signed without body_md5, form body', noMd5, evil, 'application/x-www-form-urlencoded'],
          [
            'signed without body_md5, JSON body',
            noMd5,
            event({ name: 'Evil' }),
            'application/json',
          ],
        ] as const) {
          const res = await publish(u, payload, type);
          expect([401, 415, 422], `${label}: ${res.statusCode} ${res.body}`).toContain(
            res.statusCode,
          );
        }
      });
    });

    // Regression guard (found by this sweep, now fixed): the body is validated (and its fields named back) before the signature is checked:
    // the signature check is a preHandler, which runs after schema validation
    // (src/realtime/http-api.routes.ts). An unsigned caller learns the schema and gets 422s
    // instead of 401. Fix: check the signature in a preValidation hook (the raw body is there).
    it('checks the signature before it reads the event: unsigned garbage is a 401', async () => {
      for (const payload of ['{}', '{"name":1}', '{"batch":"x"}', '[]']) {
        expectError(await publish(events(), payload), 401, 'unauthenticated');
        expectError(await publish(batch(), payload), 401, 'unauthenticated');
      }
    });

    it('refuses malformed signed events with 422, publishing nothing', async () => {
      const bodies: string[] = [
        '{',
        '[]',
        'null',
        event({ data: { not: 'a string' } }),
        event({ data: 'x'.repeat(10 * 1024 + 1) }),
        event({ name: '' }),
        event({ name: 'x'.repeat(201) }),
        event({ channel: undefined, channels: [] }),
        event({ channel: undefined }),
        event({ channel: '<script>' }),
        event({ channel: undefined, channels: Array.from({ length: 101 }, (_, i) => `c${i}`) }),
        event({ channel: 'x'.repeat(165) }),
        event({ socket_id: '<script>' }),
        event({ channel: ['common'] }),
        JSON.stringify({ batch: 'x' }),
        JSON.stringify({ batch: [] }),
        JSON.stringify({
          batch: Array.from({ length: 11 }, () => ({ name: 'a', data: '{}', channel: 'common' })),
        }),
        JSON.stringify({ batch: [{ name: 'a', data: 1, channel: 'common' }] }),
      ];
      await nothingChanges(async () => {
        for (const body of bodies) {
          const path = body.includes('"batch"') ? batch() : events();
          const res = await publish(signed(path, body), body);
          expect([413, 422], `${body.slice(0, 60)}: ${res.body}`).toContain(res.statusCode);
          expectError(res, res.statusCode);
        }
      });
    });

    // Regression guard (found by this sweep, now fixed): this scope parses JSON with a bare JSON.parse (src/realtime/http-api.routes.ts,
    // addContentTypeParser), so `__proto__` and `constructor.prototype` keys are accepted here
    // while docs/api.md says they answer 422 everywhere, and a malformed body answers 422 without
    // `errors.body`. Fix: parse with secure-json-parse (as Fastify does) and throw the same
    // malformed() error as src/http/error-handler.ts.
    it('treats prototype keys and unreadable JSON like every other route: 422 with errors.body', async () => {
      const bodies = [
        '{"name":"P","data":"{}","channel":"common","__proto__":{"polluted":"yes"}}',
        '{"name":"P","data":"{}","channel":"common","constructor":{"prototype":{"polluted":"yes"}}}',
        '{"name":"P","data":',
      ];
      await nothingChanges(async () => {
        for (const body of bodies) {
          const res: Res = await publish(signed(events(), body), body);
          expect(res.statusCode, `${body}: ${res.body}`).toBe(422);
          expect(json<{ errors?: { body?: string[] } }>(res).errors?.body, body).toBeDefined();
        }
      });
      expect(polluted()).toEqual([]);
    });

    it('keeps the Pusher API out of reach of browser sessions and bearer tokens', async () => {
      const w = await buildWorld(t.app);
      const body = event();
      const opts: InjectOptions = {
        method: 'POST',
        url: events(),
        headers: { 'content-type': 'application/json' },
        payload: body,
      };
      await nothingChanges(async () => {
        expectError(await w.admin.asBrowser(opts), 401);
        expectError(await w.admin.asBearer(opts), 401);
      });
    });
  });
});

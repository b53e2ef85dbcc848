import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { createPostgresSchema, testDialects } from '../test/databases';
import { cspHeader, docsCspHeader, websocketOrigin } from './security-headers';

const dialects = await testDialects();

const EXPECTED_CSP =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self'; " +
  "img-src 'self' data: blob:; media-src 'self' data: blob:; font-src 'self' data:; " +
  "connect-src 'self' ws://chat.example:8080; worker-src 'self' blob:; manifest-src 'self'; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

describe('the policy', () => {
  it('allows the WebSocket origin of the public URL, on WS_PORT when set', () => {
    expect(websocketOrigin({ publicUrl: 'http://localhost:8080', wsPort: null })).toBe(
      'ws://localhost:8080',
    );
    expect(websocketOrigin({ publicUrl: 'https://chat.example', wsPort: null })).toBe(
      'wss://chat.example',
    );
    expect(websocketOrigin({ publicUrl: 'https://chat.example', wsPort: 6002 })).toBe(
      'wss://chat.example:6002',
    );
    expect(websocketOrigin({ publicUrl: 'http://chat.example', wsPort: null })).toBe(
      'ws://chat.example',
    );
  });

  it('allows no inline script and no other origin', () => {
    const csp = cspHeader({ publicUrl: 'http://chat.example:8080', wsPort: null });
    expect(csp).toBe(EXPECTED_CSP);
    expect(csp).not.toContain('unsafe');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(cspHeader({ publicUrl: 'https://chat.example', wsPort: null })).toContain(
      'upgrade-insecure-requests',
    );
  });
});

describe.each(dialects)('security headers on %s', (dialect) => {
  let app: FastifyInstance;
  let database: Database;
  let dir: string;
  let dropSchema: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chat-headers-'));
    const webDist = join(dir, 'web');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
    );
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1);');
    const schema = dialect === 'postgres' ? await createPostgresSchema() : null;
    dropSchema = schema?.drop;
    const config = loadConfig({
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: schema ? schema.url : 'sqlite::memory:',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://chat.example:8080',
      SEED_DEMO: 'false',
    });
    database = openDatabase(config.databaseUrl);
    app = await buildApp(config, { database, webDist, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await dropSchema?.();
    rmSync(dir, { recursive: true, force: true });
  });

  // Helmet writes `a;b`, Swagger UI and cspHeader `a; b`: compared directive by directive.
  const directives = (value: unknown) => String(value).split(/;\s*/);
  const expectHeaders = (response: LightMyRequestResponse, csp = EXPECTED_CSP) => {
    expect(directives(response.headers['content-security-policy'])).toEqual(directives(csp));
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain http: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  };

  it('are on the HTML pages, for any path the app routes itself', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/ru', 200],
      ['/en/chat', 200],
      ['/en/no-such-page', 404],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toContain('text/html');
      expectHeaders(response);
    }
  });

  it('are on API answers, static assets, smileys and health checks', async () => {
    for (const url of ['/api/init', '/assets/app.js', '/healthz']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expectHeaders(response);
    }
  });

  it('are on errors: 404, 401, 422 and a poisoned body', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/no-such-call' }),
      app.inject({ method: 'GET', url: '/assets/static/nope.svg' }),
      app.inject({ method: 'GET', url: '/api/chat' }),
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { nick_or_phone: [] } }),
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__": {"x": 1}}',
      }),
      app.inject({
        method: 'POST',
        url: '/api/chat/leave',
        headers: { cookie: 'chat_session=forged' },
      }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 401, 422, 422, 401]);
    for (const response of answers) expectHeaders(response);
  });

  it('are on the errors Fastify answers before any hook (a broken URL)', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/room/${'a'.repeat(300)}` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives the API docs page its own policy, still with no inline script', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expectHeaders(response, docsCspHeader());
    expect(response.body).not.toMatch(/<script>(?!\s*<\/script>)|<script[^>]*>[^<\s]/);
  });
});

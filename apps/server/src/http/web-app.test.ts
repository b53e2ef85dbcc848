import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';

// The web app's build writes .br and .gz beside its text files (apps/web/precompress.ts).
describe('the built web app', () => {
  const script = `console.log(${JSON.stringify('chat '.repeat(400))});`;
  let app: FastifyInstance;
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chat-web-app-'));
    const webDist = join(dir, 'web');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>chat</title>');
    writeFileSync(join(webDist, 'assets', 'app.js'), script);
    writeFileSync(join(webDist, 'assets', 'app.js.br'), brotliCompressSync(script));
    writeFileSync(join(webDist, 'assets', 'app.js.gz'), gzipSync(script));
    const config = loadConfig({
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: 'sqlite::memory:',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    });
    database = openDatabase(config.databaseUrl);
    app = await buildApp(config, { database, webDist, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the Brotli copy to a browser that takes it, the gzip one to one that takes only gzip', async () => {
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is when no encoding is accepted, cached for a year either way', async () => {
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

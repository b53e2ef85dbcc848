/**
 * Issue 19, point 13: a `..` under the static prefixes names no file of ours. It was a 500 with
 * a stack in the log at every probe; it is a 404 in the envelope, logged as nothing.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError } from '../hostile/kit';
import { buildTestApp, type TestApp } from '../test/build-test-app';

/** Sent as they are, on a real socket: inject() would resolve the dot segments first. */
const RAW_PROBES = [
  '/assets/static/../package.json',
  '/assets/static/../../../etc/passwd',
  '/assets/static/smileys/../../src/config.ts',
  '/assets/static/%2e%2e/package.json',
  '/assets/static/..',
  '/storage/../secrets.json',
  '/storage/files/%2e%2e/%2e%2e/secrets.json',
];

/** Separators escaped: one segment to the URL, a climb once decoded. */
const ESCAPED_PROBES = [
  '/assets/static/..%2fpackage.json',
  '/assets/static/%2E%2E%2Fpackage.json',
  '/assets/static/smileys%2f..%2f..%2fpackage.json',
  '/assets/static/..%5cpackage.json',
  '/storage/..%2fchat.sqlite',
  '/storage/files%2f..%2f..%2fsecrets.json',
];

function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('paths that climb out of the static folders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('answer 404 in the envelope and log no error', async () => {
    const logged = vi.spyOn(t.app.log, 'error');
    for (const url of ESCAPED_PROBES) {
      const res = await t.app.inject({ method: 'GET', url });
      expectError(res, 404, 'not_found');
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const path of RAW_PROBES) {
      const res = await rawGet(port, path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body), path).toMatchObject({ code: 'not_found' });
    }
    expect(logged).not.toHaveBeenCalled();
  });

  it('still serve the files that are there', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/static/frames/hearts.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('svg');
  });
});

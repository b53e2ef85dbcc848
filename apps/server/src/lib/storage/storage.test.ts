import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from './file-storage';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
};

interface Driver {
  name: string;
  setUp(): Promise<FileStorage>;
  tearDown(): Promise<void>;
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'storage-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

let s3server: S3rver | null = null;
let s3storage: S3Storage | null = null;

const drivers: Driver[] = [
  {
    name: 'local',
    setUp: async () => new LocalStorage(tempDir()),
    tearDown: async () => undefined,
  },
  {
    name: 's3 (s3rver)',
    setUp: async () => {
      // s3rver in this process on a free port, with its files in a temp folder.
      s3server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: tempDir() });
      const address = await s3server.run();
      const endpoint = `http://127.0.0.1:${address.port}`;
      const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
      const admin = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials,
      });
      await admin.send(new CreateBucketCommand({ Bucket: 'chat-test' }));
      admin.destroy();
      s3storage = new S3Storage({
        endpoint,
        region: 'us-east-1',
        bucket: 'chat-test',
        accessKeyId: credentials.accessKeyId,
        secretAccessKey: credentials.secretAccessKey,
        forcePathStyle: true,
      });
      return s3storage;
    },
    tearDown: async () => {
      s3storage?.destroy();
      await s3server?.close();
    },
  },
];

describe.each(drivers)('file storage: $name', (driver) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await driver.setUp();
  });
  afterAll(async () => driver.tearDown());

  it('puts a buffer and reads it back with its size and type', async () => {
    const body = Buffer.from('not really a png, but bytes');
    await storage.put('files/abc.png', body, { contentType: 'image/png' });
    expect(await storage.exists('files/abc.png')).toBe(true);
    const file = await storage.open('files/abc.png');
    expect(file).not.toBeNull();
    expect(file!.size).toBe(body.length);
    expect(file!.contentType).toBe('image/png');
    expect((await read(file!.stream)).equals(body)).toBe(true);
  });

  it('puts a stream, with and without a known length', async () => {
    const chunks = [Buffer.alloc(70_000, 1), Buffer.alloc(50_000, 2)];
    await storage.put('originals/s1', Readable.from(chunks), {
      contentType: 'application/octet-stream',
      size: 120_000,
    });
    await storage.put('files/s2.jpg', Readable.from(chunks), { contentType: 'image/jpeg' });
    for (const key of ['originals/s1', 'files/s2.jpg']) {
      const file = await storage.open(key);
      expect(file!.size).toBe(120_000);
      expect((await read(file!.stream)).equals(Buffer.concat(chunks))).toBe(true);
    }
  });

  it('overwrites, deletes, and treats a missing file as absent', async () => {
    await storage.put('files/o.gif', Buffer.from('one'), { contentType: 'image/gif' });
    await storage.put('files/o.gif', Buffer.from('two!'), { contentType: 'image/gif' });
    expect((await read((await storage.open('files/o.gif'))!.stream)).toString()).toBe('two!');
    await storage.delete('files/o.gif');
    expect(await storage.exists('files/o.gif')).toBe(false);
    expect(await storage.open('files/o.gif')).toBeNull();
    await storage.delete('files/o.gif');
    expect(await storage.open('files/never.webp')).toBeNull();
  });

  it('leaves nothing behind when a stream fails half way', async () => {
    async function* broken() {
      yield Buffer.alloc(1000);
      throw new Error('client went away');
    }
    await expect(
      storage.put('files/half.png', Readable.from(broken()), { contentType: 'image/png' }),
    ).rejects.toThrow();
    expect(await storage.exists('files/half.png')).toBe(false);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../x.png', '/etc/passwd', 'files/../../x', 'a\0b', 'files//x.png', '']) {
      await expect(
        storage.put(key, Buffer.from('x'), { contentType: 'image/png' }),
      ).rejects.toThrow(/bad storage key/);
      await expect(storage.open(key)).rejects.toThrow(/bad storage key/);
    }
  });
});

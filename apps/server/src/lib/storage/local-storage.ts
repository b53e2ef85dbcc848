import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, contentTypeOfKey, type FileStorage, type StoredFile } from './file-storage';

/**
 * Files under DATA_DIR/storage. A file is written under a temporary name and renamed, so a
 * reader never sees half of it and a failed write leaves nothing behind. The content type
 * follows the key's extension (the server names every file by its type).
 */
export class LocalStorage implements FileStorage {
  readonly driver = 'local' as const;

  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.part-${randomBytes(6).toString('hex')}`;
    try {
      if (Buffer.isBuffer(body)) await writeFile(temp, body);
      else await pipeline(body, createWriteStream(temp));
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async open(key: string): Promise<StoredFile | null> {
    const path = this.path(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return {
        stream: createReadStream(path),
        size: info.size,
        contentType: contentTypeOfKey(key),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }
}

import type { Readable } from 'node:stream';

export interface StoredFile {
  stream: Readable;
  size: number;
  contentType: string;
}

export interface PutOptions {
  contentType: string;
  /** The byte length of a stream body; the S3 driver buffers a stream of unknown length. */
  size?: number;
}

/**
 * Where files live: the local data folder, or an S3-compatible bucket shared by several nodes.
 * Keys are server-chosen relative paths (`files/ab12….jpg`, `originals/…`), never user input.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void>;
  /** A read stream with its size and type, or null when there is no such file. */
  open(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Keys are a few safe path segments: no `..`, no leading slash, no odd characters. */
const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*(\.[a-z0-9]{1,5})?$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.length > 190) throw new Error(`bad storage key: ${key}`);
}

export function isValidKey(key: string): boolean {
  return KEY.test(key) && key.length <= 190;
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The content type a key's extension names (files carry the extension of their type). */
export function contentTypeOfKey(key: string): string {
  const ext = /\.([a-z0-9]+)$/.exec(key)?.[1];
  return (ext && TYPES[ext]) ?? 'application/octet-stream';
}

import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { RELEASE_FILE_EXTENSIONS } from '@chat/shared';
import { AppError, invalid } from '../../../http/app-error';
import type { FileStorage } from '../../../lib/storage/file-storage';

type Extension = (typeof RELEASE_FILE_EXTENSIONS)[number];

const ZIP = Buffer.from('PK\x03\x04', 'latin1');
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * Does the file's start fit an installer of this extension? A Windows executable starts `MZ`,
 * an MSI is an OLE compound file, APK and IPA are ZIP archives. A DMG has its signature at the
 * end (`koly`), so for it only text is refused: HTML, scripts, anything that starts printable.
 */
export function installerFits(extension: Extension, head: Buffer): boolean {
  switch (extension) {
    case 'exe':
      return head.subarray(0, 2).toString('latin1') === 'MZ';
    case 'msi':
      return head.subarray(0, 8).equals(OLE);
    case 'apk':
    case 'ipa':
      return head.subarray(0, 4).equals(ZIP);
    case 'dmg':
      return head.length >= 16 && !looksLikeText(head);
  }
}

function looksLikeText(head: Buffer): boolean {
  const sample = head.subarray(0, 512);
  for (const byte of sample) {
    const printable = byte === 9 || byte === 10 || byte === 13 || (byte >= 32 && byte < 127);
    if (!printable && byte < 0x80) return false;
  }
  return true;
}

export function extensionOf(name: string): Extension | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return RELEASE_FILE_EXTENSIONS.find((e) => e === ext) ?? null;
}

const HEAD_BYTES = 512;

interface Sink {
  stream: PassThrough;
  done: Promise<void>;
}

/**
 * Streams an installer into storage under a new key, deciding by its first bytes before any
 * of it is stored; a refused or cut-short file leaves nothing behind.
 */
export async function storeInstaller(
  storage: FileStorage,
  fileName: string,
  file: Readable & { truncated?: boolean },
): Promise<{ file: string; size: number }> {
  const extension = extensionOf(fileName);
  if (!extension) throw invalid({ file: ['release.file_type'] });
  const key = `releases/${randomBytes(12).toString('hex')}.${extension}`;
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  let sink: Sink | null = null;
  const open = (): Sink => {
    const start = Buffer.concat(head);
    if (!installerFits(extension, start)) throw invalid({ file: ['release.file_type'] });
    const stream = new PassThrough();
    const done = storage.put(key, stream, { contentType: 'application/octet-stream' });
    // Awaited below; until then a failed put must not be an unhandled rejection.
    done.catch(() => undefined);
    stream.write(start);
    return { stream, done };
  };
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (sink) {
        if (!sink.stream.write(chunk)) await once(sink.stream, 'drain');
        continue;
      }
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes >= HEAD_BYTES) sink = open();
    }
    sink ??= open();
    if (file.truncated) throw new AppError('too_large');
    sink.stream.end();
    await sink.done;
    return { file: key, size };
  } catch (error) {
    if (sink) {
      sink.stream.destroy();
      await storage.delete(key).catch(() => undefined);
    }
    throw error;
  }
}

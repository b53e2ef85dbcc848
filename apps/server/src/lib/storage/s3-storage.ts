import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertKey, type FileStorage, type PutOptions, type StoredFile } from './file-storage';

export interface S3Options {
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Path-style URLs (`endpoint/bucket/key`), which MinIO and most self-hosted servers need. */
  forcePathStyle: boolean;
}

/** Files in an S3-compatible bucket, for sites on several nodes. */
export class S3Storage implements FileStorage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible servers store the
      // aws-chunked framing of a streamed body with a trailing checksum as part of the file.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? {
            credentials: {
              accessKeyId: options.accessKeyId,
              secretAccessKey: options.secretAccessKey,
            },
          }
        : {}),
    });
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void> {
    assertKey(key);
    // PutObject needs the length up front; a stream of unknown length is read first (callers
    // bound it: uploads are limited before they reach storage).
    const payload =
      Buffer.isBuffer(body) || options.size !== undefined ? body : await collect(body);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: payload,
        ContentType: options.contentType,
        ...(Buffer.isBuffer(payload)
          ? { ContentLength: payload.length }
          : { ContentLength: options.size }),
      }),
    );
  }

  async open(key: string): Promise<StoredFile | null> {
    assertKey(key);
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: key }),
      );
      if (!(res.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return {
        stream: res.Body,
        size: res.ContentLength ?? 0,
        contentType: res.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  destroy(): void {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

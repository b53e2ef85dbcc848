import type * as AwsS3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
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

type Sdk = typeof AwsS3;

/**
 * Files in an S3-compatible bucket, for sites on several nodes. The AWS SDK is loaded at the
 * first call, not at start: it costs ~60–90 ms and several MB, which a site storing files
 * locally never needs.
 */
export class S3Storage implements FileStorage {
  readonly driver = 's3' as const;
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | null = null;

  constructor(private readonly options: S3Options) {}

  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: this.createClient(sdk),
    }));
    return this.connection;
  }

  private createClient(sdk: Sdk): S3Client {
    const options = this.options;
    return new sdk.S3Client({
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
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
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
    const { sdk, client } = await this.connect();
    try {
      const res = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: key }),
      );
      if (!(res.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return {
        stream: res.Body,
        size: res.ContentLength ?? 0,
        contentType: res.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertKey(key);
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(sdk, error)) return false;
      throw error;
    }
  }

  destroy(): void {
    void this.connection?.then(({ client }) => client.destroy());
  }
}

function isMissing(sdk: Sdk, error: unknown): boolean {
  if (error instanceof sdk.NoSuchKey || error instanceof sdk.NotFound) return true;
  return error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404;
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

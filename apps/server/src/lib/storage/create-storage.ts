import { join } from 'node:path';
import type { Config } from '../../config';
import type { FileStorage } from './file-storage';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';

/** The storage driver the configuration names. */
export function createStorage(config: Config): FileStorage {
  const s = config.storage;
  if (s.driver === 's3') {
    return new S3Storage({
      endpoint: s.s3.endpoint,
      region: s.s3.region,
      bucket: s.s3.bucket,
      accessKeyId: s.s3.accessKeyId,
      secretAccessKey: s.s3.secretAccessKey,
      forcePathStyle: s.s3.forcePathStyle,
    });
  }
  return new LocalStorage(join(config.dataDir, 'storage'));
}

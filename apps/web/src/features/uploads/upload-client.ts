import type { Attachment, UploadPurpose } from '@chat/shared';
import { ApiError } from '../../lib/api-error';
import { isRecord, type ApiClient, type ApiClientDeps } from '../../lib/api-client';
import { uploadFailureText } from './upload-errors';

/** A 10 MB picture on a slow phone line takes longer than the API's usual 30 s. */
export const UPLOAD_TIMEOUT_MS = 180_000;

export interface UploadInput {
  file: Blob;
  /** The file's name as the person had it; the server never uses it for storage. */
  name: string;
  adult: boolean;
  purpose?: UploadPurpose;
  /** Bytes sent so far of `total`. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

export type UploaderDeps = Pick<ApiClientDeps, 'getLocale' | 'toast' | 'translate' | 'now'> & {
  client: Pick<ApiClient, 'upload'>;
};

/** A refused or broken upload: `reason` is the text to show beside the picture. */
export class UploadError extends Error {
  readonly status: number;
  /** False when sending the same file again cannot help (too large, not a picture). */
  readonly retryable: boolean;

  constructor(status: number, reason: string, retryable: boolean) {
    super(reason);
    this.name = 'UploadError';
    this.status = status;
    this.retryable = retryable;
  }
}

/** A caller that gave up (the picture was removed). */
export class UploadAborted extends Error {
  constructor() {
    super('upload aborted');
    this.name = 'UploadAborted';
  }
}

export type Uploader = (input: UploadInput) => Promise<Attachment>;

/**
 * POST /api/upload through the API client's `upload` (its headers, progress, build key). The
 * client is told to stay silent: a failure is said beside the picture in the uploads' own words
 * (upload-errors.ts), and only a 429, which concerns every upload, is also toasted.
 */
export function createUploader(deps: UploaderDeps): Uploader {
  return async (input) => {
    const locale = deps.getLocale();
    const fail = (failed: ApiError['failed']) => {
      const failure = uploadFailureText(failed, locale, deps.now(), deps.translate);
      if (failure.toast) deps.toast(failure.text, 'danger');
      return new UploadError(failed?.status ?? 0, failure.text, failure.retryable);
    };

    const form = new FormData();
    form.append('purpose', input.purpose ?? 'attachment');
    if (input.adult) form.append('adult', '1');
    // The file goes last: the server reads the fields before it streams the bytes.
    form.append('file', input.file, input.name);

    let data: unknown;
    try {
      const answer = await deps.client.upload<unknown>('/api/upload', form, {
        silent: true,
        timeoutMs: UPLOAD_TIMEOUT_MS,
        onProgress: input.onProgress,
        signal: input.signal,
      });
      data = answer.data;
    } catch (error) {
      if (error instanceof ApiError) throw fail(error.failed);
      throw new UploadAborted();
    }
    if (!isRecord(data) || typeof data.id !== 'number') {
      throw fail({ status: 500, envelope: null, headers: new Headers() });
    }
    return data as unknown as Attachment;
  };
}

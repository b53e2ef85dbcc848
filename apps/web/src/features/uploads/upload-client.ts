import type { Attachment, UploadPurpose } from '@chat/shared';
import {
  commonHeaders,
  isRecord,
  parseJsonText,
  toEnvelope,
  type ApiClientDeps,
} from '../../lib/api-client';
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

export type UploaderDeps = Pick<
  ApiClientDeps,
  'getLocale' | 'getCookie' | 'getSocketId' | 'onBuildKey' | 'toast' | 'translate' | 'now'
> & {
  createXhr: () => XMLHttpRequest;
  timeoutMs?: number;
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
 * POST /api/upload with XMLHttpRequest, since fetch reports no upload progress. It sends the
 * headers of the API client (language, XSRF, socket id) and maps failures to the reasons the
 * person sees (upload-errors.ts); a 429 is also toasted, as every other call's is.
 */
export function createUploader(deps: UploaderDeps): Uploader {
  return (input) =>
    new Promise<Attachment>((resolve, reject) => {
      const locale = deps.getLocale();
      const xhr = deps.createXhr();
      xhr.open('POST', '/api/upload');
      xhr.withCredentials = true;
      xhr.timeout = deps.timeoutMs ?? UPLOAD_TIMEOUT_MS;
      for (const [name, value] of Object.entries(commonHeaders(deps, locale))) {
        xhr.setRequestHeader(name, value);
      }

      const fail = (status: number, text: string) => {
        const failure = uploadFailureText(
          status === 0
            ? null
            : { status, envelope: toEnvelope(parseJsonText(text)), headers: headersOf(xhr) },
          locale,
          deps.now(),
          deps.translate,
        );
        if (failure.toast) deps.toast(failure.text, 'danger');
        reject(new UploadError(status, failure.text, failure.retryable));
      };

      const onAbort = () => xhr.abort();
      input.signal?.addEventListener('abort', onAbort);
      const done = () => input.signal?.removeEventListener('abort', onAbort);

      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) input.onProgress?.(event.loaded, event.total);
      };
      xhr.onload = () => {
        done();
        const buildKey = xhr.getResponseHeader('x-build-key');
        if (buildKey) deps.onBuildKey(buildKey);
        if (xhr.status < 200 || xhr.status >= 300) return fail(xhr.status, xhr.responseText);
        const payload = parseJsonText(xhr.responseText);
        const data = isRecord(payload) ? payload.data : null;
        if (!isRecord(data) || typeof data.id !== 'number') return fail(500, '');
        resolve(data as unknown as Attachment);
      };
      xhr.onerror = () => {
        done();
        fail(0, '');
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        done();
        reject(new UploadAborted());
      };

      const form = new FormData();
      form.append('purpose', input.purpose ?? 'attachment');
      if (input.adult) form.append('adult', '1');
      // The file goes last: the server reads the fields before it streams the bytes.
      form.append('file', input.file, input.name);
      if (input.signal?.aborted) {
        done();
        reject(new UploadAborted());
        return;
      }
      xhr.send(form);
    });
}

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

import {
  ERROR_CODES,
  HTTP_TIMEOUT_MS,
  type ErrorCode,
  type ErrorEnvelope,
  type Locale,
} from '@chat/shared';
import { ApiError } from './api-error';
import { errorToastText, type Translate } from './error-toast';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ToastVariant = 'danger' | 'primary';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON; a FormData is sent as a multipart form (`form`). */
  body?: unknown;
  query?: Record<string, string>;
  /** The caller shows 422 field errors under its fields, so they are not toasted. */
  handlesValidation?: boolean;
  /** Other statuses the caller shows in place (a missing page), so they are not toasted. */
  handledStatuses?: readonly number[];
  /**
   * The spec's own words for this call's failure, by status, as i18n keys ("Failed to enter the
   * room." for a room that is not there or not open to the caller), toasted in place of the
   * generic text.
   */
  failureKeys?: Readonly<Partial<Record<number, string>>>;
  /** Report nothing to the user (init: its failure is only logged). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Longer than the site's usual 30 s (an upload on a slow line). */
  timeoutMs?: number;
}

export interface UploadOptions extends Omit<RequestOptions, 'method' | 'body' | 'query'> {
  /** Bytes sent so far of `total`. */
  onProgress?: (loaded: number, total: number) => void;
}

export interface ApiResponse<T> {
  data: T;
  meta: Record<string, unknown> | undefined;
  status: number;
  headers: Headers;
  /** The whole answer, for the few calls that put more beside `data` (`unread` of a read). */
  envelope?: Record<string, unknown>;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  getLocale: () => Locale;
  getCookie: (name: string) => string | null;
  /** Every response's x-build-key, so a new deployment can be noticed. */
  onBuildKey: (key: string) => void;
  toast: (text: string, variant: ToastVariant) => void;
  translate: Translate;
  now: () => number;
  timeoutMs?: number;
  /**
   * The realtime connection's socket id, sent as X-Socket-ID so that the server does not echo
   * the events this tab caused back to it (laravel-echo's habit, which the server follows).
   */
  getSocketId?: () => string | null;
  /** A call refused because of the caller's own sanction (403 `banned` or `gagged`). */
  onSanctioned?: (code: 'banned' | 'gagged') => void;
  /** Uploads go by XMLHttpRequest, the one browser API that reports upload progress. */
  createXhr?: () => XMLHttpRequest;
}

/**
 * The site's one way to call its API. Every kind of call sends the same headers (language,
 * platform, XSRF, socket id), notes the build key, and fails the same way: an `ApiError` whose
 * `failed` is the answer seen, toasted unless the caller says it shows the failure itself.
 */
export interface ApiClient {
  /** JSON in (a body or a query) and the envelope's `data` out. */
  json<T>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** A multipart form post by fetch: fields and files, no progress. */
  form<T>(
    path: string,
    fields: FormData | Record<string, string | Blob>,
    options?: Omit<RequestOptions, 'body'>,
  ): Promise<ApiResponse<T>>;
  /** A multipart POST that reports its progress; an abort rejects with an `AbortError`. */
  upload<T>(path: string, body: FormData, options?: UploadOptions): Promise<ApiResponse<T>>;
  /** `json` under its older name. */
  request<T>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<ApiResponse<T>>;
  post<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<ApiResponse<T>>;
}

const XSRF_COOKIE = 'XSRF-TOKEN';

/** The headers every call of the site sends, by fetch or by XMLHttpRequest. */
export function commonHeaders(
  deps: Pick<ApiClientDeps, 'getCookie' | 'getSocketId'>,
  locale: Locale,
): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Localization': locale,
    'X-Platform': 'pc',
    'X-Requested-With': 'XMLHttpRequest',
  };
  const xsrf = deps.getCookie(XSRF_COOKIE);
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  const socketId = deps.getSocketId?.();
  if (socketId) headers['X-Socket-ID'] = socketId;
  return headers;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const timeoutMs = deps.timeoutMs ?? HTTP_TIMEOUT_MS;

  function report(error: ApiError, options: RequestOptions, text: string): ApiError {
    const handled =
      (options.handlesValidation === true && error.isValidation) ||
      (options.handledStatuses?.includes(error.status) ?? false);
    if (!options.silent && !handled) deps.toast(text, 'danger');
    return error;
  }

  function networkFailure(options: RequestOptions, locale: Locale): ApiError {
    const text = deps.translate('errors:network', locale);
    return report(new ApiError(0, text, null, {}, null), options, text);
  }

  /** What every answer goes through, whichever way it came: the build key, data or an error. */
  function settle<T>(
    status: number,
    headers: Headers,
    payload: unknown,
    options: RequestOptions,
    locale: Locale,
  ): ApiResponse<T> {
    const buildKey = headers.get('x-build-key');
    if (buildKey) deps.onBuildKey(buildKey);
    if (status >= 200 && status < 300) {
      const envelope = isRecord(payload) ? payload : {};
      return {
        data: envelope.data as T,
        meta: isRecord(envelope.meta) ? envelope.meta : undefined,
        status,
        headers,
        envelope,
      };
    }
    const envelope = toEnvelope(payload);
    const code = envelope?.code;
    if (status === 403 && (code === 'banned' || code === 'gagged')) deps.onSanctioned?.(code);
    const failed = { status, envelope, headers };
    const ownKey = options.failureKeys?.[status];
    const text =
      ownKey === undefined
        ? errorToastText(failed, locale, deps.now(), deps.translate)
        : deps.translate(ownKey, locale);
    const error = new ApiError(
      status,
      envelope?.message ?? text,
      envelope?.code ?? null,
      envelope?.errors ?? {},
      failed,
    );
    throw report(error, options, text);
  }

  async function json<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const locale = deps.getLocale();
    const method = options.method ?? 'GET';
    const headers = commonHeaders(deps, locale);
    const isForm = options.body instanceof FormData;
    const hasBody = options.body !== undefined;
    // A form's Content-Type (with its boundary) is the browser's to write.
    if (hasBody && !isForm) headers['Content-Type'] = 'application/json';

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? timeoutMs);
    const abortFromCaller = () => controller.abort();
    options.signal?.addEventListener('abort', abortFromCaller);

    let response: Response;
    try {
      response = await deps.fetch(withQuery(path, options.query), {
        method,
        headers,
        credentials: 'include',
        body: isForm
          ? (options.body as FormData)
          : hasBody
            ? JSON.stringify(options.body)
            : undefined,
        signal: controller.signal,
      });
    } catch (cause) {
      // A caller that gave up does not need to be told; a timeout or a dead network does.
      if (options.signal?.aborted && !timedOut) throw cause;
      throw networkFailure(options, locale);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abortFromCaller);
    }
    const payload = await readJson(response);
    return settle<T>(response.status, response.headers, payload, options, locale);
  }

  function upload<T>(
    path: string,
    body: FormData,
    options: UploadOptions = {},
  ): Promise<ApiResponse<T>> {
    return new Promise<ApiResponse<T>>((resolve, reject) => {
      const aborted = () => new DOMException('The upload was aborted.', 'AbortError');
      if (options.signal?.aborted) return reject(aborted());
      const locale = deps.getLocale();
      const xhr = (deps.createXhr ?? (() => new XMLHttpRequest()))();
      xhr.open('POST', path);
      xhr.withCredentials = true;
      xhr.timeout = options.timeoutMs ?? timeoutMs;
      for (const [name, value] of Object.entries(commonHeaders(deps, locale))) {
        xhr.setRequestHeader(name, value);
      }
      const onAbort = () => xhr.abort();
      options.signal?.addEventListener('abort', onAbort);
      const done = () => options.signal?.removeEventListener('abort', onAbort);

      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
      };
      xhr.onload = () => {
        done();
        try {
          const payload = parseJsonText(xhr.responseText);
          resolve(settle<T>(xhr.status, headersOf(xhr), payload, options, locale));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
      xhr.onerror = () => {
        done();
        reject(networkFailure(options, locale));
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        done();
        reject(aborted());
      };
      xhr.send(body);
    });
  }

  return {
    json,
    request: json,
    form: (path, fields, options) =>
      json(path, { method: 'POST', ...options, body: toFormData(fields) }),
    upload,
    get: (path, options) => json(path, { ...options, method: 'GET' }),
    post: (path, body, options) => json(path, { ...options, method: 'POST', body }),
  };
}

function toFormData(fields: FormData | Record<string, string | Blob>): FormData {
  if (fields instanceof FormData) return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
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

function withQuery(path: string, query: Record<string, string> | undefined): string {
  if (!query) return path;
  const search = new URLSearchParams(query).toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  return parseJsonText(await response.text().catch(() => ''));
}

/** A body's JSON, or null when it has none (an empty body, a proxy's HTML page). */
export function parseJsonText(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The error envelope of API.md, read defensively: a proxy's HTML error page has none. */
export function toEnvelope(payload: unknown): Partial<ErrorEnvelope> | null {
  if (!isRecord(payload)) return null;
  const envelope: Partial<ErrorEnvelope> = {};
  if (typeof payload.message === 'string') envelope.message = payload.message;
  if (isErrorCode(payload.code)) envelope.code = payload.code;
  if (isRecord(payload.errors)) {
    const errors: Record<string, string[]> = {};
    for (const [field, list] of Object.entries(payload.errors)) {
      if (Array.isArray(list))
        errors[field] = list.filter((m): m is string => typeof m === 'string');
    }
    envelope.errors = errors;
  }
  return envelope;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

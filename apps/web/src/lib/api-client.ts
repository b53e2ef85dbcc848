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
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string>;
  /** The caller shows 422 field errors under its fields, so they are not toasted. */
  handlesValidation?: boolean;
  /** Other statuses the caller shows in place (a missing page), so they are not toasted. */
  handledStatuses?: readonly number[];
  /** Report nothing to the user (init: its failure is only logged). */
  silent?: boolean;
  signal?: AbortSignal;
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
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<ApiResponse<T>>;
  post<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<ApiResponse<T>>;
}

const XSRF_COOKIE = 'XSRF-TOKEN';

/**
 * The headers every call of the site sends: language, platform, XSRF token, socket id. The
 * uploader (XMLHttpRequest, for its progress events) sends the same ones.
 */
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

  async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const locale = deps.getLocale();
    const method = options.method ?? 'GET';
    const headers = commonHeaders(deps, locale);
    const hasBody = options.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const abortFromCaller = () => controller.abort();
    options.signal?.addEventListener('abort', abortFromCaller);

    let response: Response;
    try {
      response = await deps.fetch(withQuery(path, options.query), {
        method,
        headers,
        credentials: 'include',
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: controller.signal,
      });
    } catch (cause) {
      // A caller that gave up does not need to be told; a timeout or a dead network does.
      if (options.signal?.aborted && !timedOut) throw cause;
      const text = deps.translate('errors:network', locale);
      throw report(new ApiError(0, text), options, text);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abortFromCaller);
    }

    const buildKey = response.headers.get('x-build-key');
    if (buildKey) deps.onBuildKey(buildKey);

    const payload = await readJson(response);
    if (response.ok) {
      const envelope = isRecord(payload) ? payload : {};
      return {
        data: envelope.data as T,
        meta: isRecord(envelope.meta) ? envelope.meta : undefined,
        status: response.status,
        headers: response.headers,
        envelope,
      };
    }

    const envelope = toEnvelope(payload);
    const code = envelope?.code;
    if (response.status === 403 && (code === 'banned' || code === 'gagged')) {
      deps.onSanctioned?.(code);
    }
    const failed = { status: response.status, envelope, headers: response.headers };
    const text = errorToastText(failed, locale, deps.now(), deps.translate);
    const error = new ApiError(
      response.status,
      envelope?.message ?? text,
      envelope?.code ?? null,
      envelope?.errors ?? {},
    );
    throw report(error, options, text);
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
  };
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

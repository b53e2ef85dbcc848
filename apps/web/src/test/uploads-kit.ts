// Fakes for the upload tests: an attachment factory and a controllable XMLHttpRequest.
import type { Attachment } from '@chat/shared';

export function makeAttachment(overrides: Partial<Attachment> = {}): Attachment {
  const id = overrides.id ?? 1;
  return {
    id,
    status: 'complete',
    mime: 'image/png',
    width: 800,
    height: 600,
    size: 1000,
    adult: 0,
    url: `/storage/a/${id}.png`,
    thumb_url: `/storage/a/${id}-thumb.png`,
    error: null,
    created_at: '2025-01-01T12:00:00.000Z',
    ...overrides,
  };
}

export function pngFile(name = 'cat.png', bytes = 100, type = 'image/png'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** An XMLHttpRequest that records what was sent and answers when the test says so. */
export class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  withCredentials = false;
  timeout = 0;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  getAllResponseHeaders(): string {
    return Object.entries(this.responseHeaders)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = body === null ? '' : JSON.stringify(body);
    this.responseHeaders = { 'x-build-key': 'build-1', ...headers };
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

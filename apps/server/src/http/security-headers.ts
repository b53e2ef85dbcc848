import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

export type SecurityConfig = Pick<Config, 'publicUrl' | 'wsPort'>;

/**
 * The WebSocket origin pusher-js connects to: the public host, on WS_PORT when the realtime
 * server listens apart, else on the site's own port; wss when the site is served over TLS.
 * It is written out because the public host may differ from the one the page was opened on
 * (a proxy, `localhost` against `127.0.0.1`), where 'self' would not match it.
 */
export function websocketOrigin(config: SecurityConfig): string {
  const url = new URL(config.publicUrl);
  const secure = url.protocol === 'https:';
  const port = config.wsPort ?? Number(url.port || (secure ? 443 : 80));
  const isDefault = port === (secure ? 443 : 80);
  return `${secure ? 'wss' : 'ws'}://${url.hostname}${isDefault ? '' : `:${port}`}`;
}

/**
 * The site's Content-Security-Policy, directive by directive. Nothing inline may run: the app is
 * one bundle of files from this origin. Styles need no 'unsafe-inline' either: React and
 * react-bootstrap set `style` through the CSSOM, which CSP does not govern. Pictures may be
 * `data:` (Bootstrap's icons) or `blob:` (previews of files being uploaded).
 */
export function cspDirectives(config: SecurityConfig): Record<string, string[]> {
  const secure = config.publicUrl.startsWith('https:');
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", websocketOrigin(config)],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The policy as the header spells it (tests and the docs compare against this). */
export function cspHeader(config: SecurityConfig): string {
  return Object.entries(cspDirectives(config))
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/**
 * The API docs page (Swagger UI) is a separate app with its own needs: it loads its scripts
 * from files too, but draws some of its parts with inline styles and a validator badge.
 */
export function docsCspHeader(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The headers of the answers Fastify makes before any hook runs (a broken URL, an overlong
 * parameter): a bare JSON error, so the strictest policy fits it.
 */
export const BARE_ERROR_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/**
 * The headers helmet writes for these options, worked out once: helmet decides them from the
 * options alone, and building its middleware for every request (as its Fastify plugin does)
 * cost more than a small API call's own work.
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => {},
  };
  // Helmet 8 throws a bad option itself rather than passing it to `next`.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on every answer, from this one place: pages, API answers, static files and
 * errors alike (registered first, its onRequest hook runs before anything can fail). HSTS only
 * when the site is public over https: on plain http it would be meaningless or, on a host later
 * moved to https, a trap.
 */
export const securityHeadersPlugin = fp<{ config: SecurityConfig }>(async (app, { config }) => {
  const secure = config.publicUrl.startsWith('https:');
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: secure ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    // Same-origin only would keep other sites from embedding a shared picture: a chat site's
    // pictures are meant to be linked. Nothing secret is served without the session cookie.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
});

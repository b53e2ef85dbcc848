import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `refuse`: a browser's post from another site's page is refused (403 `cross_site`). For
     * the routes that open a session without having one (sign-in, registration): the XSRF rule
     * guards only an existing cookie session, so a foreign form could otherwise sign a visitor
     * into the attacker's account (login CSRF).
     */
    crossSite?: 'refuse';
  }
}

export interface SameOriginOptions {
  /** PUBLIC_URL: the site's own origin. */
  publicUrl: string;
}

/** Enforces `config.crossSite: 'refuse'` before the body is read. */
export const sameOriginPlugin = fp<SameOriginOptions>(async (app, opts) => {
  const siteOrigin = new URL(opts.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.crossSite !== 'refuse') return;
    if (isCrossSite(request, siteOrigin)) throw new AppError('cross_site');
  });
});

/**
 * What the browser says about where the request comes from: `Sec-Fetch-Site: cross-site`, or an
 * `Origin` that is neither the site's (PUBLIC_URL) nor the host the request was sent to (a local
 * run reached as 127.0.0.1 or by a LAN address, the web app's dev server). `Origin: null` (a
 * sandboxed frame, a redirect across sites) is no one's. A request with neither header is not a
 * browser's form or fetch (curl, the apps, the tests) and is left to the other rules.
 */
export function isCrossSite(request: FastifyRequest, siteOrigin: string): boolean {
  if (single(request.headers['sec-fetch-site']) === 'cross-site') return true;
  const origin = single(request.headers.origin);
  if (origin === undefined || origin === siteOrigin) return false;
  let sender: URL;
  try {
    sender = new URL(origin);
  } catch {
    return true;
  }
  return sender.host !== hostOf(request, sender.protocol);
}

/** The Host header as URL.host writes it (lower case, the scheme's default port left out). */
function hostOf(request: FastifyRequest, protocol: string): string | null {
  const host = request.headers.host;
  if (!host) return null;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { resolveAppAddress, type AppAddress } from '@chat/shared';
import fp from 'fastify-plugin';
import { notFound } from './app-error';
import { loadHeadTexts, pageHtml } from './page-head';

/** A `..` segment, with either slash (the path is already percent-decoded here). */
const UP_SEGMENT = /(?:^|[\\/])\.\.(?:[\\/]|$)/;

export interface WebAppOptions {
  webDist: string | null;
  assetsDir: string;
  /** Unused since uploads are served from the storage driver; kept for callers. */
  storageDir: string;
}

/** A first segment with a dot names a file (`/robots.txt`, `/wp-login.php`), never a page. */
const FILE_LIKE = /^\/[^/]*\./;

/**
 * Serves the built web app and smiley images. Unknown /api paths answer 404 in the envelope.
 * Any other path gets index.html in its language and with its title (page-head.ts), with 200
 * when the shared route table (@chat/shared routes.ts) has its page and 404 when it has none
 * (the app then shows its own 404 page); a first segment other than a locale is redirected to
 * en as the app itself would (spec section 2).
 */
export const webAppPlugin = fp<WebAppOptions>(async (app, opts) => {
  await app.register(fastifyStatic, {
    root: opts.assetsDir,
    prefix: '/assets/static/',
    decorateReply: false,
    maxAge: '7d',
    // `send` refuses a `..` segment with an error of its own (a 500 and a logged stack for
    // every probe); such a path names no file of ours, so it is a plain 404.
    allowedPath: (pathname) => !UP_SEGMENT.test(pathname),
  });
  // Uploaded files (/storage/*) are streamed from the storage driver by features/uploads.

  const index = opts.webDist ? join(opts.webDist, 'index.html') : null;
  const indexHtml = index && existsSync(index) ? readFileSync(index, 'utf8') : null;
  const headTexts = opts.webDist && indexHtml ? loadHeadTexts(opts.webDist) : null;
  // A page's HTML depends on its locale and route only: made once each, not per request.
  const pages = new Map<string, string>();
  const htmlFor = (template: string, address: Exclude<AppAddress, { kind: 'redirect' }>) => {
    const key = `${address.locale}:${address.kind === 'page' ? address.route : ''}`;
    let html = pages.get(key);
    if (html === undefined) pages.set(key, (html = pageHtml(template, headTexts, address)));
    return html;
  };
  if (opts.webDist && indexHtml) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      decorateReply: false,
      // The build writes .br and .gz beside each text file (apps/web/precompress.ts).
      preCompressed: true,
      // Ours below: the plugin's own header would overwrite what setHeaders says.
      cacheControl: false,
      // Vite's hashed files never change; the few unhashed ones are revalidated each time
      // (index.html is served fresh by the fallback below).
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = /^\/(api|apps|broadcasting|storage|assets)(\/|$)/.test(path);
    if (
      isApi ||
      FILE_LIKE.test(path) ||
      !indexHtml ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    )
      throw notFound();
    const address = resolveAppAddress(path);
    if (address.kind === 'redirect') {
      const query = request.url.slice(path.length);
      return reply.redirect(`${address.to}${query}`, 301);
    }
    return reply
      .code(address.kind === 'page' ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(htmlFor(indexHtml, address));
  });
});

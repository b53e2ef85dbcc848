import { localeFromHeader, type Locale } from '@chat/shared';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

/** request.locale from X-Localization (API.md: `en`, else Russian). */
export const localePlugin = fp(async (app) => {
  app.decorateRequest('locale', 'ru');
  app.addHook('onRequest', async (request) => {
    const header = request.headers['x-localization'];
    request.locale = localeFromHeader(Array.isArray(header) ? header[0] : header);
  });
});

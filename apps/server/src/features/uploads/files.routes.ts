import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/app-error';
import { contentTypeOfKey, isValidKey } from '../../lib/storage/file-storage';

/** Only processed pictures are public: `originals/` (raw uploads) is never served. */
const PUBLIC_KEY = /^(?!originals\/)[A-Za-z0-9_/-]+\.(jpg|png|gif|webp)$/;

/**
 * Stored files at /storage/{key}, streamed from whichever storage driver is configured, so
 * the URL is the same on every node. Names are random and a file never changes: cached for a
 * year. nosniff keeps a browser from guessing a type other than the one sent.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.deps;

  app.get(
    '/storage/*',
    {
      config: { access: 'public' },
      schema: {
        tags: ['uploads'],
        summary: 'A stored picture (its url or thumb_url)',
        params: z.object({ '*': z.string() }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!PUBLIC_KEY.test(key) || !isValidKey(key)) throw notFound();
      const file = await storage.open(key);
      if (!file) throw notFound();
      return reply
        .type(contentTypeOfKey(key))
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.stream);
    },
  );
};

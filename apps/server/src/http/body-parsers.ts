import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import qs from 'qs';
import secureJson from 'secure-json-parse';

/** The largest body any route takes (Fastify's bodyLimit). */
export const BODY_LIMIT = 1024 * 1024;

// Bracket notation (`room[5]=1`) nests, as API.md requires. Indexed keys stay object keys
// (arrayLimit -1): `room[5]` names room 5, it is not the sixth item of a sparse array. The
// limits keep a hostile form from building huge objects; qs never writes prototype keys.
const QS_OPTIONS: qs.IParseOptions = {
  depth: 5,
  arrayLimit: -1,
  parameterLimit: 1000,
  allowPrototypes: false,
  plainObjects: true,
};

export function parseForm(text: string): Record<string, unknown> {
  return qs.parse(text, QS_OPTIONS);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `stream`: the handler reads the multipart parts itself (request.parts()). */
    multipart?: 'stream';
  }
  interface FastifyRequest {
    /** The exact bytes of a JSON body, on routes that asked for them (keepRawJsonBodies). */
    rawJsonBody?: Buffer | null;
  }
}

function parseJsonBody(text: string, done: (error: Error | null, body?: unknown) => void) {
  if (text.trim() === '') return done(null, {});
  try {
    done(null, secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' }));
  } catch {
    done(Object.assign(new Error('malformed JSON body'), { statusCode: 400 }), undefined);
  }
}

/**
 * For the routes of the calling (encapsulated) plugin only: a JSON body is parsed as anywhere
 * else and its exact bytes are kept in `request.rawJsonBody`, which a webhook's signature
 * covers. Other content types parse as usual and leave it null.
 */
export function keepRawJsonBodies(app: FastifyInstance): void {
  app.decorateRequest('rawJsonBody', null);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    request.rawJsonBody = body as Buffer;
    parseJsonBody((body as Buffer).toString('utf8'), done);
  });
}

/** Form and multipart bodies, besides Fastify's own JSON parser. */
export const bodyParsersPlugin = fp(async (app) => {
  // JSON through secure-json-parse as Fastify does, but an empty body is an empty object: many
  // clients send the JSON content type on calls that take no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    parseJsonBody(body as string, done);
  });
  await app.register(formbody, { parser: parseForm });
  // Multipart is streamed past Fastify's bodyLimit, so its own limits keep a whole form near
  // BODY_LIMIT: 50 fields of 16 KB and one file of 1 MB. A route with `multipart: 'stream'`
  // (uploads) reads the parts itself, as they arrive, with its own limits.
  await app.register(multipart, {
    limits: { fieldSize: 16 * 1024, fields: 50, fileSize: BODY_LIMIT, files: 1, parts: 51 },
  });
  // Other routes get the form as an object: fields with the same bracket nesting as
  // urlencoded bodies, a file part as a Buffer.
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart() || request.routeOptions.config.multipart === 'stream') return;
    const params = new URLSearchParams();
    const files: Record<string, Buffer> = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') files[part.fieldname] = await part.toBuffer();
      else if (typeof part.value === 'string') params.append(part.fieldname, part.value);
    }
    request.body = { ...parseForm(params.toString()), ...files };
  });
});

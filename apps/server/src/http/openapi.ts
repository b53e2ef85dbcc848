import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { docsCspHeader } from './security-headers';

/** The OpenAPI document is generated from the routes' zod schemas: the schema is the doc. */
export const openApiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Chat site API',
        description: 'Wire contract of the chat site. Envelope and conventions: see API.md.',
        version: '1',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'chat_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Its own policy: Swagger UI styles parts of itself inline (see docsCspHeader).
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: docsCspHeader() });
});

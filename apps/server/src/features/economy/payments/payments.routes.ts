import { invoiceBody, invoiceSchema, PAYMENT_PROVIDERS } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../http/app-error';
import { keepRawJsonBodies } from '../../../http/body-parsers';
import { testProviderRoutes } from './test-provider.routes';

/** Top-ups (API.md "Balance, premium and gifts"): opening an invoice, providers' notices. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app.deps.economy;

  app.post(
    '/api/invoices',
    {
      // A gag is about words: a gagged person may still top up; a ban refuses it.
      config: { access: 'registered', sanctions: 'read' },
      schema: {
        tags: ['balance'],
        summary: 'Open an invoice: the answer has the provider’s pay_url to send the payer to',
        body: invoiceBody,
        response: { 201: z.object({ data: invoiceSchema }) },
      },
    },
    async (request, reply) => {
      const invoice = await payments.service.createInvoice(
        request.auth.user!,
        request.body,
        request.locale,
        reply,
      );
      return reply.code(201).send({ data: invoice });
    },
  );

  await app.register(webhookRoutes);
  if (payments.testProvider)
    await app.register(testProviderRoutes, { provider: payments.testProvider });
};

/** Notices: their own scope, which keeps a JSON body's exact bytes for the signature check. */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app.deps.economy;
  keepRawJsonBodies(app);

  app.post(
    '/api/payments/:provider/webhook',
    {
      // The provider calls, not a person: whoever is signed in in the caller does not matter.
      config: { access: 'public', sanctions: 'exempt' },
      schema: {
        tags: ['balance'],
        summary:
          'A payment provider’s notice (signed by the test provider; YooKassa’s is checked with its API). 401 when not authentic; otherwise 200 whatever it says',
        params: z.object({ provider: z.enum(PAYMENT_PROVIDERS) }),
        body: z.looseObject({ event: z.string().max(64) }),
        response: { 200: z.object({ data: z.object({ received: z.literal(true) }) }) },
      },
    },
    async (request) => {
      // Signatures cover the JSON as sent; a form or multipart body has none to check.
      if (!request.rawJsonBody)
        throw new AppError('validation', {
          messageKey: 'malformed_body',
          errors: { body: ['malformed_body'] },
        });
      const outcome = await payments.service.handleNotice(request.params.provider, {
        rawBody: request.rawJsonBody,
        body: request.body,
        headers: request.headers,
        ip: request.ip,
      });
      request.log.info({ provider: request.params.provider, outcome }, 'payment notice');
      return { data: { received: true as const } };
    },
  );
};

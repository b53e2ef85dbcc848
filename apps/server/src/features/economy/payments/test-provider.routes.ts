import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payPageLocale, PAY_PAGE_CSS, renderPayPage, sitePath } from './test-pay-page';
import { TEST_PAY_PATH, TEST_SIGNATURE_HEADER, type TestProvider } from './test-provider';

const token = z.object({ token: z.string().max(100) });

/**
 * The test provider's own pages. They stand for a foreign site, so they are not part of the
 * API document and never look at our session (a plain form cannot send the XSRF header); the
 * token in the URL is what lets one pay, as with a real provider's payment link.
 */
export const testProviderRoutes: FastifyPluginAsyncZod<{ provider: TestProvider }> = async (
  app,
  { provider },
) => {
  const config = {
    access: 'public' as const,
    sanctions: 'exempt' as const,
    session: 'ignore' as const,
  };

  app.get(
    `${TEST_PAY_PATH}/page.css`,
    { config, schema: { hide: true } },
    async (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(PAY_PAGE_CSS),
  );

  app.get(
    `${TEST_PAY_PATH}/:token`,
    {
      config,
      schema: {
        hide: true,
        params: token,
        querystring: z.object({ lang: z.string().max(8).optional() }),
      },
    },
    async (request, reply) => {
      const payment = await provider.payment(request.params.token);
      const locale = payPageLocale(request.query.lang, request.headers['accept-language']);
      const html = renderPayPage(payment, locale, `${TEST_PAY_PATH}/${request.params.token}`);
      return reply
        .code(payment ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html);
    },
  );

  app.post(
    `${TEST_PAY_PATH}/:token`,
    {
      config,
      schema: {
        hide: true,
        params: token,
        body: z.object({ action: z.enum(['pay', 'fail']), lang: z.string().max(8).optional() }),
      },
    },
    async (request, reply) => {
      const { token: id } = request.params;
      const settled = await provider.settle(
        id,
        request.body.action === 'pay' ? 'succeeded' : 'canceled',
      );
      if (settled) {
        // Like a real provider, it tells our webhook over HTTP, signed; here without a network.
        const res = await app.inject({
          method: 'POST',
          url: '/api/payments/test/webhook',
          headers: {
            'content-type': 'application/json',
            [TEST_SIGNATURE_HEADER]: settled.signature,
          },
          payload: settled.body,
        });
        if (res.statusCode !== 200)
          request.log.error(
            { status: res.statusCode, body: res.body },
            'test payment notice refused',
          );
        return reply.redirect(sitePath(settled.payment.return_url), 303);
      }
      const payment = await provider.payment(id);
      if (payment) return reply.redirect(sitePath(payment.return_url), 303);
      const locale = payPageLocale(request.body.lang, request.headers['accept-language']);
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(renderPayPage(undefined, locale, ''));
    },
  );
};

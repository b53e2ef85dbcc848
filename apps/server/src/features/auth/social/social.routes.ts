import {
  authProvidersAnswer,
  nickFreeAnswer,
  nickSchema,
  providerId,
  socialOutcomeAnswer,
  socialSignupAnswer,
  socialSignupBody,
  telegramAuthBody,
  userData,
} from '@chat/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../http/app-error';
import { deviceOf, openSession } from '../session-answer';
import {
  OAUTH_FLOW_TTL_MS,
  SIGNUP_FLOW_TTL_MS,
  SocialError,
  type SocialOutcome,
} from './social-sign-in.service';

/** The cookie binding an authorization request to the browser that started it. */
const STATE_COOKIE = 'social_state';
/** The cookie holding a first sign-in's key while the person picks a nick. */
const SIGNUP_COOKIE = 'social_signup';

const redirectQuery = z.object({
  return_to: z.string().max(2048).optional(),
  intent: z.enum(['signin', 'link']).default('signin'),
});
const providerParams = z.object({ provider: providerId });

/**
 * Sign-in with other sites (API.md "Social sign-in, e-mail and recovery"): the redirect and
 * callback of the OAuth 2 round trip (browser navigations: they answer 302), Telegram's signed
 * fields, and the nick of a first sign-in.
 */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, socialSignIn: social } = app.deps;
  const secure = config.publicUrl.startsWith('https:');
  const cookie = { httpOnly: true, sameSite: 'lax' as const, secure };

  /** Where a finished round trip goes: its cookies set, then the page to open. */
  async function settle(request: FastifyRequest, reply: FastifyReply, outcome: SocialOutcome) {
    if (outcome.outcome === 'signed_in') await openSession(app, request, reply, outcome.signed);
    if (outcome.outcome === 'signup')
      void reply.setCookie(SIGNUP_COOKIE, outcome.signupKey, {
        ...cookie,
        path: '/api/auth/social/signup',
        maxAge: SIGNUP_FLOW_TTL_MS / 1000,
      });
    return outcome.next;
  }

  /** A failed round trip returns to its page with the error's code for the page to show. */
  function failed(reply: FastifyReply, error: unknown, page: string) {
    const code =
      error instanceof SocialError || error instanceof AppError ? error.code : 'social.failed';
    if (!(error instanceof SocialError) && !(error instanceof AppError))
      app.log.warn({ err: error }, 'social sign-in failed');
    const target = error instanceof SocialError ? error.page : page;
    const separator = target.includes('?') ? '&' : '?';
    return reply.redirect(`${target}${separator}social_error=${encodeURIComponent(code)}`, 302);
  }

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'The sign-in providers this site has turned on',
        response: { 200: authProvidersAnswer },
      },
    },
    async () => ({ data: social.list() }),
  );

  app.get(
    '/api/auth/social/:provider/redirect',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Go to the provider to sign in (or, with intent=link, to link it to my account); 302',
        params: providerParams,
        querystring: redirectQuery,
      },
    },
    async (request, reply) => {
      const intent = request.query.intent;
      const page =
        intent === 'link' ? `/${request.locale}/my/security` : `/${request.locale}/login`;
      try {
        const { url, state } = await social.start(request.params.provider, {
          returnTo: request.query.return_to,
          intent,
          caller: request.auth.user,
          locale: request.locale,
          ip: request.ip,
        });
        void reply.setCookie(STATE_COOKIE, state, {
          ...cookie,
          path: '/api/auth/social',
          maxAge: OAUTH_FLOW_TTL_MS / 1000,
        });
        return reply.redirect(url, 302);
      } catch (error) {
        return failed(reply, error, page);
      }
    },
  );

  app.get(
    '/api/auth/social/:provider/callback',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The provider sends the person back here: signs in, starts the sign-up, or links; 302 to a page of this site',
        params: providerParams,
      },
    },
    async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const cookieState = request.cookies[STATE_COOKIE];
      void reply.clearCookie(STATE_COOKIE, { ...cookie, path: '/api/auth/social' });
      try {
        const outcome = await social.callback(
          request.params.provider,
          query,
          cookieState,
          deviceOf(request),
          request.locale,
        );
        return reply.redirect(await settle(request, reply, outcome), 302);
      } catch (error) {
        return failed(reply, error, `/${request.locale}/login`);
      }
    },
  );

  app.post(
    '/api/auth/telegram',
    {
      // Opens a session: only from the site's own pages (login CSRF, http/same-origin.ts).
      config: { crossSite: 'refuse' },
      schema: {
        tags: ['auth'],
        summary:
          'Sign in (or link) with the fields Telegram’s login page signed; answers what happened and the page to open',
        body: telegramAuthBody,
        response: { 200: socialOutcomeAnswer },
      },
    },
    async (request, reply) => {
      try {
        const outcome = await social.telegram(
          request.body,
          request.auth.user,
          deviceOf(request),
          request.locale,
        );
        const next = await settle(request, reply, outcome);
        return { data: { outcome: outcome.outcome, next } };
      } catch (error) {
        // The page shows these as it shows any error: the envelope's message.
        if (error instanceof SocialError)
          throw new AppError('validation', {
            messageKey: error.code,
            errors: { hash: [error.code] },
          });
        throw error;
      }
    },
  );

  app.get(
    '/api/auth/social/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'The first sign-in with a provider waiting for a nick (404 when none waits)',
        response: { 200: socialSignupAnswer },
      },
    },
    async (request) => ({
      data: await social.pendingSignup(request.cookies[SIGNUP_COOKIE], request.auth.user),
    }),
  );

  app.post(
    '/api/auth/social/signup',
    {
      config: { crossSite: 'refuse' },
      schema: {
        tags: ['auth'],
        summary:
          'Finish a first sign-in with a provider: the account with this nick, linked (a guest keeps theirs under their own nick)',
        body: socialSignupBody,
        response: {
          201: z.object({
            data: userData,
            meta: z.object({ token: z.string(), return_to: z.string() }),
          }),
        },
      },
    },
    async (request, reply) => {
      const { signed, returnTo } = await social.completeSignup(
        request.cookies[SIGNUP_COOKIE],
        request.body.nick,
        deviceOf(request),
        request.auth.user,
      );
      void reply.clearCookie(SIGNUP_COOKIE, { ...cookie, path: '/api/auth/social/signup' });
      const token = await openSession(app, request, reply, signed);
      return reply.code(201).send({
        data: await app.deps.userData.forUser(signed.user, request.locale),
        meta: { token, return_to: returnTo },
      });
    },
  );

  app.delete(
    '/api/auth/social/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Forget the waiting sign-up',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await social.cancelSignup(request.cookies[SIGNUP_COOKIE]);
      void reply.clearCookie(SIGNUP_COOKIE, { ...cookie, path: '/api/auth/social/signup' });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/auth/nick-free',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether a nick may be taken now, and why not',
        querystring: z.object({ nick: z.string().max(256) }),
        response: { 200: nickFreeAnswer },
      },
    },
    async (request) => {
      const parsed = nickSchema.safeParse(request.query.nick);
      const reason = parsed.success
        ? await social.nickFree(parsed.data, request.auth.user, request.ip)
        : (parsed.error.issues[0]?.message ?? 'invalid_value');
      return { data: { free: reason === null, reason } };
    },
  );
};

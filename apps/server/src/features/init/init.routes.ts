import { INIT_PLATFORMS, initData } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canSeeTrolls } from '../../access/message.policy';
import { initPagesState } from '../admin/pages/init-state';
import { viewerOf } from '../../access/viewer';
import { refreshXsrfCookie } from '../../http/session';

export const initRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const publicUrl = new URL(config.publicUrl);
  const secure = publicUrl.protocol === 'https:';
  const broadcasting = {
    key: config.secrets.pusherKey,
    ws_host: publicUrl.hostname,
    ws_port: config.wsPort ?? Number(publicUrl.port || (secure ? 443 : 80)),
    force_tls: secure,
    auth_endpoint: '/api/broadcasting/auth',
  };

  app.get(
    '/api/init',
    {
      schema: {
        tags: ['init'],
        summary: 'Everything the web app needs to start: catalog, the signed-in user, realtime',
        querystring: z.object({
          platform: z.enum(INIT_PLATFORMS).default('pc'),
          /** The app's version (`1.2.3`): an older one than a required release must update. */
          version: z.string().max(32).optional(),
        }),
        response: { 200: z.object({ data: initData }) },
      },
    },
    async (request, reply) => {
      const { catalog } = app.deps;
      const user = request.auth.user;
      const [fonts, gifCategories, trolls, userData] = await Promise.all([
        catalog.fonts(),
        app.deps.gifs.categories(),
        app.deps.usersService.trolls(),
        user ? app.deps.userData.forUser(user, request.locale) : null,
      ]);
      const pagesState = await initPagesState(
        app.deps.admin.pages,
        user?.id ?? null,
        request.query,
      );
      refreshXsrfCookie(request, reply, config.secrets.appKey, secure);
      return {
        data: {
          fonts,
          gif_categories: gifCategories,
          storage: '/storage',
          // Only those who may see trolls get the list (the server leaves trolls' messages out
          // for everyone else); nothing tells a troll they are one: their own id is left out.
          trolls: user && canSeeTrolls(viewerOf(user)) ? trolls.filter((id) => id !== user.id) : [],
          user: userData,
          broadcasting,
          ...pagesState,
        },
      };
    },
  );
};

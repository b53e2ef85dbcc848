import {
  adminPermissionsSchema,
  adminRoleBody,
  adminSettingsBody,
  adminSettingsSchema,
  ROLES,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RoleTableService } from './role-table.service';
import type { SettingsService } from './settings.service';

/** `GET/PUT /api/admin/settings`, `GET /api/admin/permissions`, `PUT /api/admin/roles/{role}`. */
export function settingsRoutes(
  settings: SettingsService,
  roles: RoleTableService,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Before the first request: the stored table and settings, not the code's defaults.
    app.addHook('onReady', async () => {
      await Promise.all([settings.load(), roles.load()]);
    });

    const settingsAccess = {
      access: 'registered',
      permissions: ['admin.access', 'admin.settings'],
    } as const;
    app.get(
      '/api/admin/settings',
      {
        config: settingsAccess,
        schema: {
          tags: ['admin'],
          summary: 'Every site setting with its value, the version read, and the public rooms',
          response: { 200: z.object({ data: adminSettingsSchema }) },
        },
      },
      async () => ({ data: await settings.read() }),
    );
    app.put(
      '/api/admin/settings',
      {
        config: settingsAccess,
        schema: {
          tags: ['admin'],
          summary:
            'Change some or all settings (each checked by type and range; 409 when changed since `updated_at`)',
          body: adminSettingsBody,
          response: { 200: z.object({ data: adminSettingsSchema }) },
        },
      },
      async (request) => ({
        data: await settings.update(request.viewer, request.body.settings, request.body.updated_at),
      }),
    );

    const permissionsAccess = {
      access: 'registered',
      permissions: ['admin.access', 'admin.permissions'],
    } as const;
    app.get(
      '/api/admin/permissions',
      {
        config: permissionsAccess,
        schema: {
          tags: ['admin'],
          summary: 'The permission table: roles × permissions, and the cells that cannot change',
          response: { 200: z.object({ data: adminPermissionsSchema }) },
        },
      },
      async () => ({ data: await roles.grid() }),
    );
    app.put(
      '/api/admin/roles/:role',
      {
        config: permissionsAccess,
        schema: {
          tags: ['admin'],
          summary:
            "Set one role's permissions (the admin row needs roles.manage; 409 when changed since `updated_at`)",
          params: z.object({ role: z.enum(ROLES) }),
          body: adminRoleBody,
          response: { 200: z.object({ data: adminPermissionsSchema }) },
        },
      },
      async (request) => ({
        data: await roles.update(
          request.viewer,
          request.params.role,
          request.body.permissions,
          request.body.updated_at,
        ),
      }),
    );
  };
}

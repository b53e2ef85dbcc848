import { createMailer } from '../../lib/mail/create-mailer';
import type { ModuleContext } from '../../platform/feature-module';
import { EmailCodesRepository } from './email-codes.repository';
import {
  EmailConfirmationService,
  type EmailConfirmationLimits,
} from './email-confirmation.service';
import { emailRoutes } from './email.routes';
import {
  PASSWORD_FORGOT_JOB,
  PasswordResetService,
  type PasswordResetLimits,
} from './password-reset.service';
import { passwordResetRoutes } from './password-reset.routes';

export interface MailRecoveryLimits {
  email: EmailConfirmationLimits;
  reset: PasswordResetLimits;
}

/**
 * The auth module's mail (issue 24, points 4–6): the site's mailer, e-mail confirmation, a
 * forgotten password's job and routes. Registered by auth.module.ts once it has provided the
 * accounts and the sessions service this builds on.
 */
export function registerMailRecovery(ctx: ModuleContext, limits: MailRecoveryLimits): void {
  const { config, database, events, jobs, log, rateLimits, units } = ctx.platform;
  const mailer = createMailer(config.mail, config.dataDir, log);
  ctx.onStop(async () => mailer.close());
  const codes = new EmailCodesRepository(database.db);
  const site = { key: config.secrets.appKey, publicUrl: config.publicUrl };
  const users = ctx.use('users');
  const passwordResets = new PasswordResetService(
    codes,
    ctx.use('accounts'),
    users,
    ctx.use('sessionsService'),
    units,
    jobs,
    mailer,
    rateLimits,
    limits.reset,
    site,
  );
  ctx.jobs.register(PASSWORD_FORGOT_JOB, {
    run: ({ identity, locale }) => passwordResets.sendLinks(identity, locale),
  });
  // A deleted account's codes go with it: they hold its address.
  events.on('user.deleted', ({ userId }) => codes.remove(userId));
  ctx.provide({
    emailConfirmations: new EmailConfirmationService(
      codes,
      users,
      units,
      mailer,
      rateLimits,
      limits.email,
      site,
    ),
    passwordResets,
  });
  ctx.routes(emailRoutes, passwordResetRoutes);
}

import { featureModule } from '../../platform/feature-module';
import { AccountsRepository } from './accounts.repository';
import { authRealtime } from './auth.realtime';
import { authRoutes } from './auth.routes';
import { AuthService } from './auth.service';
import { PhoneConfirmationsRepository } from './phone-confirmations.repository';
import { PhoneConfirmationService } from './phone-confirmations.service';
import { SessionsRepository } from './sessions.repository';
import { sessionsRoutes } from './sessions.routes';
import { SessionsService } from './sessions.service';
import { LogSmsSender } from './sms-sender';
import { registerMailRecovery, type MailRecoveryLimits } from './mail-recovery';
import { AccountProvidersRepository } from './account-providers.repository';
import { AuthFlowsRepository } from './social/auth-flows.repository';
import { mySocialRoutes } from './social/my-social.routes';
import { SocialSignInService } from './social/social-sign-in.service';
import { buildProviders } from './social/social-providers';
import { socialRoutes } from './social/social.routes';
import { UsersRepository } from '../users/users.repository';
import { flagSetting } from '../admin/settings/live-settings';

const HOUR = 3600;

/**
 * Each call that mails or checks a code (issue 24, point 6). Over a limit that the caller may
 * see, 429; over those that would tell whether an account exists (a forgotten password's
 * target, account and mailbox), the answer stays 204 and no mail goes.
 */
export const MAIL_LIMITS: MailRecoveryLimits = {
  email: {
    sendPerAccount: { name: 'email-code-account', points: 5, durationSeconds: HOUR },
    sendPerAddress: { name: 'email-code-address', points: 5, durationSeconds: HOUR },
    confirmPerAccount: { name: 'email-confirm-account', points: 10, durationSeconds: HOUR },
    confirmPerAddress: { name: 'email-confirm-ip', points: 30, durationSeconds: HOUR },
  },
  reset: {
    forgotPerAddress: { name: 'password-forgot-ip', points: 20, durationSeconds: HOUR },
    forgotPerTarget: { name: 'password-forgot-target', points: 3, durationSeconds: HOUR },
    mailPerAccount: { name: 'password-reset-account', points: 3, durationSeconds: HOUR },
    mailPerMailbox: { name: 'password-reset-mailbox', points: 5, durationSeconds: HOUR },
    resetPerAddress: { name: 'password-reset-ip', points: 20, durationSeconds: HOUR },
  },
};

/**
 * Guest registration, registration, sign-in and out, phone confirmation (the phone as a sign-in
 * name), and the devices (sessions) page. Owns the account's columns of the users row
 * (accounts.repository.ts) and the linked sign-ins at other sites (account-providers.repository.ts).
 */
export const authModule = featureModule({
  name: 'auth',
  register(ctx) {
    const { config, database, events, log, rateLimits, units } = ctx.platform;
    const sessions = new SessionsRepository(database.db);
    // The account's columns of the users row (db/user-columns.ts): sign-in, password, role.
    const accounts = new AccountsRepository(database.db);
    const limit = config.rateLimits;
    const phones = new PhoneConfirmationService(
      new PhoneConfirmationsRepository(database.db),
      units,
      new LogSmsSender(config.dataDir, log),
      rateLimits,
      {
        perAccount: { name: 'phone-code-account', points: 5, durationSeconds: HOUR },
        perNumber: { name: 'phone-code-number', points: 3, durationSeconds: HOUR },
        confirm: { name: 'phone-confirm', points: 10, durationSeconds: HOUR },
      },
      config.secrets.appKey,
    );
    const auth = new AuthService(
      accounts,
      sessions,
      rateLimits,
      {
        login: { name: 'login', points: limit.login, durationSeconds: 60 },
        loginPerAddress: { name: 'login-ip', points: limit.login * 6, durationSeconds: 60 },
        // Many addresses on one account: 50 tries an hour, then closed until the hour ends.
        loginPerAccount: {
          name: 'login-account',
          points: limit.login * 5,
          durationSeconds: HOUR,
        },
        loginLockNotice: { name: 'login-lock-notice', points: 1, durationSeconds: HOUR },
        register: { name: 'register', points: limit.register, durationSeconds: 600 },
      },
      phones,
      events,
      units,
    );
    const socialSignIn = new SocialSignInService({
      providers: buildProviders(config.social.providers),
      telegram: config.social.telegram,
      flows: new AuthFlowsRepository(database.db),
      links: new AccountProvidersRepository(database.db),
      users: new UsersRepository(database.db),
      auth,
      units,
      rateLimits,
      limits: {
        perAddress: { name: 'social-sign-in', points: limit.login * 6, durationSeconds: 60 },
        nickChecks: { name: 'nick-free', points: 60, durationSeconds: 60 },
      },
      key: config.secrets.appKey,
      publicUrl: config.publicUrl,
      postgres: database.dialect === 'postgres',
      // The picture is fetched after the answer (features/my/provider-avatar.job.ts).
      takeAvatar: async (userId, url) => {
        await units.run((tx) => tx.enqueue('avatar.from_provider', { userId, url }));
      },
      registrationOpen: () => flagSetting('registration_open'),
    });
    ctx.provide({
      sessions,
      accounts,
      phones,
      auth,
      socialSignIn,
      sessionsService: new SessionsService(sessions, events),
    });
    // E-mail confirmation and a forgotten password, on the accounts and sessions above.
    registerMailRecovery(ctx, MAIL_LIMITS);
    ctx.realtime(authRealtime);
    ctx.routes(authRoutes, sessionsRoutes, socialRoutes, mySocialRoutes);
  },
});

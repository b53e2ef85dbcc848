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

const HOUR = 3600;

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
    ctx.provide({
      sessions,
      accounts,
      phones,
      auth: new AuthService(
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
      ),
      sessionsService: new SessionsService(sessions, events),
    });
    ctx.realtime(authRealtime);
    ctx.routes(authRoutes, sessionsRoutes);
  },
});

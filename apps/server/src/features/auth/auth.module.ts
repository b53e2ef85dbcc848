import { featureModule } from '../../platform/feature-module';
import { authRealtime } from './auth.realtime';
import { authRoutes } from './auth.routes';
import { AuthService } from './auth.service';
import { SessionsRepository } from './sessions.repository';
import { sessionsRoutes } from './sessions.routes';
import { SessionsService } from './sessions.service';

/** Guest registration, registration, sign-in and out, and the devices (sessions) page. */
export const authModule = featureModule({
  name: 'auth',
  register(ctx) {
    const { config, database, events, rateLimits } = ctx.platform;
    const sessions = new SessionsRepository(database.db);
    const limit = config.rateLimits;
    ctx.provide({
      sessions,
      auth: new AuthService(
        ctx.use('users'),
        sessions,
        rateLimits,
        {
          login: { name: 'login', points: limit.login, durationSeconds: 60 },
          loginPerAddress: { name: 'login-ip', points: limit.login * 6, durationSeconds: 60 },
          register: { name: 'register', points: limit.register, durationSeconds: 600 },
        },
        events,
      ),
      sessionsService: new SessionsService(sessions, events),
    });
    ctx.realtime(authRealtime);
    ctx.routes(authRoutes, sessionsRoutes);
  },
});

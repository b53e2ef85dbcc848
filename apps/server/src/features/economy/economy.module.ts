import { featureModule } from '../../platform/feature-module';
import { balanceRoutes } from './balance.routes';
import { economyRealtime } from './economy.realtime';
import { createEconomyServices } from './economy.services';
import { giftsRoutes } from './gifts.routes';
import { registerInvoiceExpiry } from './payments/invoice-expiry';
import { paymentsRoutes } from './payments/payments.routes';
import { registerPremiumExpiry } from './premium-expiry';
import { premiumRoutes } from './premium.routes';

/** The ledger, balance, the daily bonus, coins, payments, premium and gifts (profiles show them). */
export const economyModule = featureModule({
  name: 'economy',
  register(ctx) {
    const { config, database, events, rateLimits, jobs, units, log, cacheBus } = ctx.platform;
    const notifications = ctx.use('notifications');
    const economy = createEconomyServices(database, {
      events,
      users: ctx.use('users'),
      notify: (userId, kind, data) => notifications.notify(userId, kind, data),
      reach: ctx.use('reach'),
      moderationLog: ctx.use('moderation').log,
      jobs,
      cacheBus,
      units,
      config,
      rateLimits,
      log,
    });
    registerPremiumExpiry(ctx.jobs, economy.premium);
    registerInvoiceExpiry(ctx.jobs, economy.payments.service);
    ctx.use('profiles').useGifts(economy.gifts);
    ctx.provide({ economy });
    ctx.realtime(economyRealtime);
    ctx.routes(balanceRoutes, giftsRoutes, premiumRoutes, paymentsRoutes);
  },
});

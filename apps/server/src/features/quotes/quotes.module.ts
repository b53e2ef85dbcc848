import { featureModule } from '../../platform/feature-module';
import { QuotesRepository } from './quotes.repository';
import { quotesRoutes } from './quotes.routes';
import { QuotesService } from './quotes.service';

/** A user's quoted messages. */
export const quotesModule = featureModule({
  name: 'quotes',
  register(ctx) {
    const quotesRepository = new QuotesRepository(ctx.platform.database.db);
    ctx.provide({
      quotesRepository,
      quotes: new QuotesService(
        quotesRepository,
        ctx.use('messagesRepository'),
        ctx.use('roomsRepository'),
      ),
    });
    ctx.routes(quotesRoutes);
  },
});
